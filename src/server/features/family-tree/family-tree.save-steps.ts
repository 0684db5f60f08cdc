import type { ParentLink } from '../../../shared/contracts/family-tree.ts'
import type { MemberRow } from './family-tree.tables.ts'
import type { FieldIssue } from '../../../shared/errors.ts'
import type { Language } from '../../../shared/limits.ts'
import { nextInstant } from '../../db/timestamps.ts'
import type { FamilyTreeQueries, TreeSnapshot } from './family-tree.repository.ts'
import { readWrittenDate } from './family-tree.dates.ts'
import type { CheckedMember, MemberChanges, ProposedMember, TreeState } from './family-tree.rules.ts'
import { indexLinks, type LinkIndex } from './family-tree.mapping.ts'
import { snapshotAround } from './family-tree.around.ts'
import { attachToUnions, type UnionPlan, type UnionRequest } from './family-tree.unions.ts'

// The steps of one save of a member, around the rules: what it names, what it reads instead of the
// whole tree, the state the rules see, its dates, and what it writes besides the member's row.

/** The people a request names: parents, children, spouses, the spouses of its unions. */
export function namedIds(
  input: Partial<Pick<MemberChanges, 'parentMemberIds' | 'parentLinks' | 'childrenMemberIds' | 'childLinks' | 'spouseMemberIds'>>,
  unions: UnionRequest[] | undefined,
) {
  return [
    ...(input.parentMemberIds ?? []),
    ...(input.parentLinks?.map((link) => link.parentId) ?? []),
    ...(input.childrenMemberIds ?? []),
    ...(input.childLinks?.map((link) => link.childId) ?? []),
    ...(input.spouseMemberIds ?? []),
    ...(unions?.flatMap((union) => (union.spouseId ? [union.spouseId] : [])) ?? []),
  ]
}

/** What a save of one member reads instead of the tree: the people around it, each with every relation list whole. */
export interface AroundSave {
  snapshot: TreeSnapshot
  links: LinkIndex
  /** The people read with their rows (the snapshot's stand-ins aside). */
  ids: Set<string>
}

/**
 * The member, those one link away, the people the request names, and the parents of all their
 * children (old and new): everyone whose relations a save of the member can change, each read
 * with all their relations (`snapshotAround`), and the tree's row.
 */
export async function readAroundSave(q: FamilyTreeQueries, ownerId: string, memberId: string, named: string[]): Promise<AroundSave> {
  const first = await snapshotAround(q, ownerId, [memberId, ...named])
  const near = new Set([memberId, ...named])
  for (const link of first.snapshot.parentLinks) if (link.childId === memberId || link.parentId === memberId) near.add(link.childId).add(link.parentId)
  for (const union of first.snapshot.unions)
    if (union.firstPartnerId === memberId || union.secondPartnerId === memberId) for (const id of [union.firstPartnerId, union.secondPartnerId]) if (id) near.add(id)
  // The other parents of the children: a child's links are rewritten whole.
  const children = first.snapshot.parentLinks.filter((link) => link.parentId === memberId).map((link) => link.childId)
  for (const link of await q.linksOfChildren(ownerId, [...children, ...named])) near.add(link.parentId)
  return aroundOf(q, ownerId, near)
}

export async function aroundOf(q: FamilyTreeQueries, ownerId: string, ids: Set<string>): Promise<AroundSave> {
  const { snapshot, rowById } = await snapshotAround(q, ownerId, ids)
  const tree = await q.treeOf(ownerId)
  const around = { ...snapshot, tree }
  return { snapshot: around, links: await indexLinks(around), ids: new Set(rowById.keys()) }
}

/**
 * The rules' view of everyone but `memberId`, from what a save read around them: the people read,
 * the tree's own card wherever it is, and every line up from the member's parents old and new (and
 * the others named), so a loop through people far away is still found.
 */
export async function stateAround(
  q: FamilyTreeQueries,
  ownerId: string,
  { snapshot, links, ids }: AroundSave,
  memberId: string,
  named: string[],
  { mayCloseLoop = true } = {},
): Promise<TreeState> {
  const others = new Map<string, { name: string; isSelf: boolean }>()
  const person = (row: Pick<MemberRow, 'id' | 'firstName' | 'lastName' | 'isSelf'>) => {
    if (row.id !== memberId) others.set(row.id, { name: `${row.firstName} ${row.lastName}`, isSelf: Boolean(row.isSelf) })
  }
  for (const row of snapshot.members) if (ids.has(row.id)) person(row)
  const parents = new Map<string, ParentLink[]>()
  for (const [childId, list] of links.parentLinksOf) if (ids.has(childId)) parents.set(childId, list)
  // Lines up are read only when the save may add a parent or a child: a loop needs a new link.
  const starts = mayCloseLoop ? [...(links.parentLinksOf.get(memberId) ?? []).map((link) => link.parentId), ...named] : []
  const ancestry = starts.length === 0 ? [] : (await q.ancestorLinks(ownerId, starts)).filter((link) => !ids.has(link.childId))
  // Only the line matters past the people read: no kind or family is asked of it.
  for (const { childId, parentId } of ancestry) parents.set(childId, [...(parents.get(childId) ?? []), { parentId, unionId: null, kind: 'birth' }])
  const far = new Set(ancestry.flatMap((link) => [link.childId, link.parentId]).filter((id) => !ids.has(id)))
  for (const row of await q.namesOf(ownerId, far)) person(row)
  for (const id of await q.flaggedSelfIds(ownerId)) if (!others.has(id) && id !== memberId) others.set(id, { name: '', isSelf: true })
  return { others, parents }
}

/**
 * Whether an edit names a parent or a child the member does not have yet: only a new link can close
 * a loop (imports and the forms never store one), so an edit of names, dates or notes — what most
 * saves are — need not read every line up from a member of a tree of 100,000.
 */
export function asksNewLinks(changes: MemberChanges, current: ProposedMember): boolean {
  const isNew = (asked: readonly string[] | undefined, has: readonly string[]) => asked !== undefined && asked.some((id) => !has.includes(id))
  return (
    isNew(changes.parentLinks?.map((link) => link.parentId) ?? changes.parentMemberIds, current.parentMemberIds) ||
    isNew(changes.childLinks?.map((link) => link.childId) ?? changes.childrenMemberIds, current.childrenMemberIds)
  )
}

/** The dates a request wrote, read in its language; the ones not sent stay undefined. */
export function readDates(input: { birthDate?: string | null | undefined; deathDate?: string | null | undefined; unions?: MemberChanges['unions'] }, language: Language) {
  const issues: FieldIssue[] = []
  const read = (text: string | null | undefined, path: string) => {
    if (text === undefined) return undefined
    const date = readWrittenDate(text, language)
    if (date.code) issues.push({ path, code: date.code })
    return date.stored ?? null
  }
  const birthDate = read(input.birthDate, 'birthDate')
  const deathDate = read(input.deathDate, 'deathDate')
  const unions = input.unions?.map((union, index): UnionRequest => ({
    unionId: union.unionId,
    spouseId: union.spouseId,
    marriageDate: read(union.marriageDate, `unions.${index}.marriageDate`),
    marriagePlace: union.marriagePlace,
    isMarried: union.isMarried,
    divorceDate: read(union.divorceDate, `unions.${index}.divorceDate`),
    divorcePlace: union.divorcePlace,
    notes: union.notes,
  }))
  return { birthDate, deathDate, unions, issues }
}

/** A stamp of their own for members whose relations another member's write changed (family-tree.stamps.ts). */
export async function stampReached(q: FamilyTreeQueries, ownerId: string, ids: Iterable<string>, rows: ReadonlyMap<string, { updatedAt: Date | string }>, now: string) {
  const stamps = [...new Set(ids)].flatMap((id) => {
    const row = rows.get(id)
    return row ? [{ id, updatedAt: nextInstant(row.updatedAt, now) }] : []
  })
  await q.stampMembers(ownerId, stamps)
}

/** Writes the member's unions and the parent links of everyone the change touched. */
export async function writeRelations(q: FamilyTreeQueries, ownerId: string, member: CheckedMember, plan: UnionPlan, touched: string[]) {
  await q.deleteUnions(ownerId, plan.deletes)
  await q.insertUnions(plan.inserts)
  for (const { id, patch } of plan.updates) await q.updateUnion(ownerId, id, patch)
  const gone = new Set(plan.deletes)
  const links = touched.flatMap((childId) => {
    const kept = (member.linksByChild.get(childId) ?? []).map((link) => (link.unionId && gone.has(link.unionId) ? { ...link, unionId: null } : link))
    return attachToUnions(kept, plan.after).map((link) => ({ ...link, childId }))
  })
  await q.replaceParentLinks(ownerId, touched, links)
}
