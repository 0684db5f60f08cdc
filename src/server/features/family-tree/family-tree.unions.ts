import type { ParentLink } from '../../../shared/contracts/family-tree.ts'
import type { StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import type { FieldIssue } from '../../../shared/errors.ts'
import { limits } from '../../../shared/limits.ts'
import { newId } from '../../lib/ids.ts'
import { unionOrder } from './family-tree.mapping.ts'
import { endsBeforeItStarts } from './family-tree.rules.ts'
import type { NewUnionRow, UnionRow, UnionUpdate } from './family-tree.tables.ts'

// The member form edits a person's unions two ways: the old list of spouses (each one a union,
// kept when it already exists), or the unions themselves with their marriage, divorce and notes.

type Couple = Pick<UnionRow, 'id' | 'firstPartnerId' | 'secondPartnerId'>

/**
 * A union of the form with its dates already read into the stored form. A field left undefined was
 * not sent: an existing union keeps its own, a new one starts empty.
 */
export interface UnionRequest {
  unionId?: string | undefined
  spouseId: string | null
  marriageDate?: StoredGenealogyDate | null | undefined
  marriagePlace?: string | undefined
  isMarried?: boolean | undefined
  divorceDate?: StoredGenealogyDate | null | undefined
  divorcePlace?: string | undefined
  notes?: string | undefined
}

/** A wedding date or place is a marriage's; without them, the request says (partners when it does not). */
function isMarriage(request: Pick<UnionRequest, 'isMarried' | 'marriageDate' | 'marriagePlace'> | undefined): boolean {
  return Boolean(request?.isMarried || request?.marriageDate || request?.marriagePlace)
}

/** The union's own fields the request sent, as a row patch. */
function eventsPatch(request: UnionRequest, sortKeyOf: Context['sortKeyOf']): UnionUpdate {
  const patch: UnionUpdate = {}
  if (request.marriageDate !== undefined) Object.assign(patch, { marriageDate: request.marriageDate, marriageDateSort: sortKeyOf(request.marriageDate) })
  if (request.marriagePlace !== undefined) patch.marriagePlace = request.marriagePlace
  if (request.isMarried !== undefined) patch.isMarried = request.isMarried ? 1 : 0
  if (request.divorceDate !== undefined) patch.divorceDate = request.divorceDate
  if (request.divorcePlace !== undefined) patch.divorcePlace = request.divorcePlace
  if (request.notes !== undefined) patch.notes = request.notes
  return patch
}

export interface UnionPlan {
  inserts: NewUnionRow[]
  updates: { id: string; patch: UnionUpdate }[]
  deletes: string[]
  issues: FieldIssue[]
  /** Every union of the tree as it will be, for attaching children. */
  after: Couple[]
}

const otherPartner = (union: Couple, memberId: string) => (union.firstPartnerId === memberId ? union.secondPartnerId : union.firstPartnerId)
const isPartner = (union: Couple, memberId: string) => union.firstPartnerId === memberId || union.secondPartnerId === memberId

interface Context {
  memberId: string
  ownerUserId: string
  treeId: string
  now: string
  /** Every other member of the tree. */
  others: ReadonlySet<string>
  sortKeyOf(stored: StoredGenealogyDate | null): number | null
}

/** What to write so the member's unions are the ones asked for (nothing when neither list was sent). */
export function planUnions(all: UnionRow[], ask: { unions?: UnionRequest[] | undefined; spouseMemberIds?: string[] | undefined }, ctx: Context): UnionPlan {
  const plan: UnionPlan = { inserts: [], updates: [], deletes: [], issues: [], after: [] }
  const own = all.filter((union) => isPartner(union, ctx.memberId))
  const newUnion = (spouseId: string | null, position: number, marriage?: UnionRequest): NewUnionRow => ({
    id: newId(),
    treeId: ctx.treeId,
    ownerUserId: ctx.ownerUserId,
    firstPartnerId: ctx.memberId,
    secondPartnerId: spouseId,
    marriageDate: marriage?.marriageDate ?? null,
    marriageDateSort: ctx.sortKeyOf(marriage?.marriageDate ?? null),
    marriagePlace: marriage?.marriagePlace ?? '',
    isMarried: isMarriage(marriage) ? 1 : 0,
    divorceDate: marriage?.divorceDate ?? null,
    divorcePlace: marriage?.divorcePlace ?? '',
    notes: marriage?.notes ?? '',
    position,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  })

  if (ask.unions) {
    const kept = new Set<string>()
    // A position is shared by both partners: rewrite it only when this member reorders their own
    // unions, so saving the second wife's form does not make her marriage the husband's first.
    const asked = ask.unions.map((request) => request.unionId).filter((id) => own.some((union) => union.id === id))
    const stored = [...own]
      .sort(unionOrder)
      .map((union) => union.id)
      .filter((id) => asked.includes(id))
    const reordered = asked.some((id, index) => stored[index] !== id)
    ask.unions.forEach((request, index) => {
      if (request.spouseId === ctx.memberId) plan.issues.push({ path: `unions.${index}.spouseId`, code: 'member.related_to_itself' })
      else if (request.spouseId !== null && !ctx.others.has(request.spouseId)) plan.issues.push({ path: `unions.${index}.spouseId`, code: 'member.unknown_relative' })
      const existing = request.unionId === undefined ? undefined : own.find((union) => union.id === request.unionId)
      if (request.unionId !== undefined && (!existing || kept.has(existing.id))) {
        plan.issues.push({ path: `unions.${index}.unionId`, code: 'member.unknown_union' })
        return
      }
      if (!existing) {
        if (endsBeforeItStarts(request.marriageDate, request.divorceDate)) plan.issues.push({ path: `unions.${index}.divorceDate`, code: 'member.divorce_before_marriage' })
        plan.inserts.push(newUnion(request.spouseId, index, request))
        return
      }
      kept.add(existing.id)
      // A field not sent keeps what the union holds, so the rule reads the union as it will be.
      const marriageDate = request.marriageDate === undefined ? existing.marriageDate : request.marriageDate
      const divorceDate = request.divorceDate === undefined ? existing.divorceDate : request.divorceDate
      if (endsBeforeItStarts(marriageDate, divorceDate)) plan.issues.push({ path: `unions.${index}.divorceDate`, code: 'member.divorce_before_marriage' })
      const partners = existing.firstPartnerId === ctx.memberId ? { secondPartnerId: request.spouseId } : { firstPartnerId: request.spouseId }
      const marriagePlace = request.marriagePlace ?? existing.marriagePlace
      const married = isMarriage({ isMarried: request.isMarried ?? Boolean(existing.isMarried), marriageDate, marriagePlace }) ? { isMarried: 1 as const } : {}
      plan.updates.push({
        id: existing.id,
        patch: { ...partners, ...eventsPatch(request, ctx.sortKeyOf), ...married, ...(reordered ? { position: index } : {}), updatedAt: ctx.now },
      })
    })
    plan.deletes = own.filter((union) => !kept.has(union.id)).map((union) => union.id)
  } else if (ask.spouseMemberIds) {
    const wanted = ask.spouseMemberIds
    // A family of one parent has no spouse to list: the spouse list leaves it alone.
    plan.deletes = own
      .filter((union) => {
        const other = otherPartner(union, ctx.memberId)
        return other !== null && other !== ctx.memberId && !wanted.includes(other)
      })
      .map((union) => union.id)
    wanted.forEach((spouseId) => {
      if (!own.some((union) => otherPartner(union, ctx.memberId) === spouseId)) plan.inserts.push(newUnion(spouseId, own.length + plan.inserts.length))
    })
  }

  const updated = new Map(plan.updates.map(({ id, patch }) => [id, patch]))
  plan.after = [
    ...all.filter((union) => !plan.deletes.includes(union.id)).map((union) => ({ ...union, ...updated.get(union.id) }) as Couple),
    ...plan.inserts.map(({ id, firstPartnerId, secondPartnerId }) => ({ id, firstPartnerId: firstPartnerId ?? null, secondPartnerId: secondPartnerId ?? null })),
  ]
  return plan
}

/**
 * Links with no union join the union of exactly their parents (of the same kind), when there is
 * one: a child given a mother and a father who married is a child of that marriage.
 */
export function attachToUnions(links: ParentLink[], unions: Couple[]): ParentLink[] {
  const loose = new Map<string, string[]>()
  for (const link of links) if (!link.unionId) loose.set(link.kind, [...(loose.get(link.kind) ?? []), link.parentId])
  if (loose.size === 0) return links
  const unionOf = new Map<string, string>()
  for (const [kind, parents] of loose) {
    const match = unions.find((union) => {
      const partners = [union.firstPartnerId, union.secondPartnerId].filter((id): id is string => id !== null)
      return partners.length === parents.length && parents.every((id) => partners.includes(id))
    })
    if (match) unionOf.set(kind, match.id)
  }
  return links.map((link) => (link.unionId ? link : { ...link, unionId: unionOf.get(link.kind) ?? null }))
}

/**
 * Whether the plan makes the member, or a spouse it adds a union with, a partner in more unions
 * than one person may have. Only a plan that adds unions is looked at: a tree stored before the
 * limit keeps working for every other change.
 */
export function exceedsUnionsPerMember(plan: UnionPlan, memberId: string): boolean {
  if (plan.inserts.length === 0) return false
  const partners = new Set([memberId, ...plan.inserts.flatMap((union) => [union.firstPartnerId ?? memberId, union.secondPartnerId ?? memberId])])
  const counts = new Map<string, number>()
  for (const union of plan.after) {
    for (const partner of new Set([union.firstPartnerId, union.secondPartnerId])) if (partner && partners.has(partner)) counts.set(partner, (counts.get(partner) ?? 0) + 1)
  }
  return [...counts.values()].some((count) => count > limits.unionsPerMember)
}
