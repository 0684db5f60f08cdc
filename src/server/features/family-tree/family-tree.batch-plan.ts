import { createMemberSchema, type BatchProblem, type ParentKind } from '../../../shared/contracts/family-tree.ts'
import type { StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import type { FieldErrorCode } from '../../../shared/errors.ts'
import { isSameFullName } from '../../../shared/family-tree/full-name.ts'
import { isSelfMember, selfRelationship } from '../../../shared/family-tree/self-member.ts'
import type { Language } from '../../../shared/limits.ts'
import { nextInstant } from '../../db/timestamps.ts'
import type { Pacer } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { asPhrase, type DateReader } from './family-tree.dates.ts'
import { columns, indexLinks, toProposed } from './family-tree.mapping.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import { endsBeforeItStarts, type ProposedMember } from './family-tree.rules.ts'
import type { MemberUpdate, NewMemberRow } from './family-tree.tables.ts'

// The first half of a batch write: every member and union of the batch checked against the form's
// rules and matched to the rows they update, without touching the database. The batch's shapes,
// its context, the helpers members and unions share and the members' planning are here; the
// unions' planning, which needs the members' ids, is in family-tree.batch-unions.ts.

/** A member of a batch; with `bySourceId`, `sourceId` says which member it updates on a second run. */
export interface BatchMember {
  sourceId?: string | undefined
  /**
   * With `bySourceId`: further source ids, or ids of the tree's members, this item may already be,
   * tried in order when no row has its source id. A row found so keeps its own source id.
   */
  alsoMatches?: string[] | undefined
  /** With `restore`: the name the batch's unions and links give this member (its id in an export). */
  ref?: string | undefined
  /** Without `bySourceId`: the member to update (a new one when absent). */
  memberId?: string | undefined
  firstName: string
  lastName: string
  relationshipToOwner?: string | undefined
  /** "This is me": at most one member of a tree; another one is skipped (`member.self_exists`), as the form refuses it. */
  isSelf?: boolean | undefined
  gender?: ProposedMember['gender'] | undefined
  isDeceased?: boolean | undefined
  /** As written, in the batch's language or genealogy-date's stored form (GEDCOM's words). */
  birthDate?: string | null | undefined
  deathDate?: string | null | undefined
  birthPlace?: string | undefined
  deathPlace?: string | undefined
  notes?: string | undefined
  bioSummary?: string | undefined
  keyLifeEvents?: string[] | undefined
}

/** A union of a batch; its partners are member references (source ids with `bySourceId`, else member ids). */
export interface BatchUnion {
  sourceId?: string | undefined
  /** With `bySourceId`: as a member's, with union ids. */
  alsoMatches?: string[] | undefined
  /** With `restore`: the name the batch's links give this union. */
  ref?: string | undefined
  unionId?: string | undefined
  firstPartner?: string | null | undefined
  secondPartner?: string | null | undefined
  marriageDate?: string | null | undefined
  marriagePlace?: string | undefined
  /** Married, not only partners; a marriage date or place makes it so. Absent: an existing union keeps its own. */
  isMarried?: boolean | undefined
  divorceDate?: string | null | undefined
  divorcePlace?: string | undefined
  notes?: string | undefined
  position?: number | undefined
}

/** A child of a union (linked to each of its partners), or of one parent directly. */
export interface BatchLink {
  child: string
  union?: string | undefined
  parent?: string | undefined
  kind?: ParentKind | undefined
  /** The child's place among the union's children in the source (0 first); absent: none given, or unchanged. */
  position?: number | undefined
}

export interface BatchOptions {
  /** References are source ids (who each item is in the file it was imported from), and members and unions are matched by them. */
  bySourceId: boolean
  /** The language the dates are written in, when not GEDCOM's own words. */
  language?: Language | undefined
  /**
   * A restore (an export brought back): every member and union is added, none matched to a row
   * already there, so nothing of the tree's own people is ever overwritten; items name each other
   * by their `ref`, never by an id of the tree. A source id is kept unless the tree (or an earlier
   * item) has it already: then the item is added without it (`member.source_id_taken`,
   * `partly_kept`), since source ids are unique per owner. Written in one transaction.
   */
  restore?: boolean | undefined
  /**
   * In a restore, the owner's own card when it is only what sign-up made (`isStandInSelf`): a
   * restored self member of the same name is written over it (its id kept, so memories saved
   * about it stay) rather than skipped as a second self.
   */
  standInSelfId?: string | undefined
  /** Told how far the batch has come, once per slice of planning and after each transaction. */
  onProgress?: BatchProgress | undefined
}

/**
 * Progress of a batch, as `done` out of `total` steps: planning each item is one step, and the
 * writing counts as many steps again, shared out by the rows each transaction wrote.
 */
export type BatchProgress = (done: number, total: number) => void

export interface Context {
  ownerId: string
  treeId: string
  now: string
  options: BatchOptions
  problems: BatchProblem[]
  dates: DateReader
  /** Lets other requests run between slices of the planning. */
  pacer: Pacer
  /** Called after each planned item: counts it for the progress and paces the planning. */
  step(): Promise<void> | undefined
}

const memberFieldsSchema = createMemberSchema.pick({
  firstName: true,
  lastName: true,
  relationshipToOwner: true,
  isSelf: true,
  gender: true,
  isDeceased: true,
  birthPlace: true,
  deathPlace: true,
  notes: true,
  bioSummary: true,
  keyLifeEvents: true,
})

/** Reads a date of a batch item; a date the form would refuse is kept word for word as a phrase. */
export function batchDate(text: string | null | undefined, ctx: Context, problem: Omit<BatchProblem, 'code' | 'outcome'>): StoredGenealogyDate | null | undefined {
  if (text === undefined || text === null) return text
  const date = ctx.dates.read(text)
  if (!date.code) return date.stored
  ctx.problems.push({ ...problem, code: date.code, outcome: 'kept_as_phrase' })
  return asPhrase(text)
}

/**
 * Only the columns whose value changes: a second import of the same file writes nothing for the
 * people it leaves as they were. Flags compare as 0/1 (PostgreSQL returns booleans).
 */
export function changed<N extends object>(current: object, next: N): Partial<N> {
  const patch: Partial<N> = {}
  for (const key of Object.keys(next) as (keyof N & string)[]) {
    const [was, now] = [(current as Record<string, unknown>)[key], next[key]]
    const same = typeof was === 'boolean' || typeof now === 'boolean' ? Number(was) === Number(now) : was === now
    if (!same) patch[key] = now
  }
  return patch
}

export const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>

/**
 * Finds the row an item updates: by its source id, else by the first of its other names that a
 * row answers to (a source id, or a row's id). A row is found for one item only: a second item
 * that names it too is added as new rather than written over the first.
 */
export function matcher<Row extends { id: string; sourceId: string | null }>(bySource: Map<string, Row>, rows: Map<string, Row>) {
  const claimed = new Set<string>()
  return (ref: string, alsoMatches: string[] | undefined): Row | undefined => {
    for (const name of [ref, ...(alsoMatches ?? [])]) {
      const row = bySource.get(name) ?? (name === ref ? undefined : rows.get(name))
      if (row && !claimed.has(row.id)) {
        claimed.add(row.id)
        return row
      }
    }
    return undefined
  }
}

export interface MemberPlan {
  inserts: NewMemberRow[]
  updates: { id: string; patch: MemberUpdate }[]
  /** Members the batch names that are already as it says. */
  unchanged: number
  /** Member reference → id, for the unions and links. */
  idOf: Map<string, string>
}

export async function planMembers(snapshot: TreeSnapshot, items: BatchMember[], ctx: Context): Promise<MemberPlan> {
  const plan: MemberPlan = { inserts: [], updates: [], unchanged: 0, idOf: new Map() }
  const links = await indexLinks(snapshot)
  const rows = new Map(snapshot.members.map((row) => [row.id, row]))
  const bySource = new Map(snapshot.members.filter((row) => row.sourceId !== null).map((row) => [row.sourceId!, row]))
  const { bySourceId, restore } = ctx.options
  if (!bySourceId && !restore) for (const id of rows.keys()) plan.idOf.set(id, id)
  const seen = new Set<string>()
  const sourceIds = new Set(bySource.keys())
  const findExisting = matcher(bySource, rows)
  let standIn = restore && ctx.options.standInSelfId ? rows.get(ctx.options.standInSelfId) : undefined
  let hasSelf = snapshot.members.some((row) => Boolean(row.isSelf))

  const planItem = (item: BatchMember, index: number) => {
    const ref = restore ? item.ref : item.sourceId
    const at = { item: 'member' as const, index, ...(ref === undefined ? {} : { ref }) }
    const skip = (code: string, path?: string, params?: Record<string, string>) =>
      ctx.problems.push({ ...at, code, outcome: 'skipped', ...(path ? { path } : {}), ...(params ? { params } : {}) })
    const refPath = restore ? 'ref' : bySourceId ? 'sourceId' : 'memberId'
    if ((bySourceId || restore) && !ref?.trim()) return skip('validation.required', refPath)
    const key = bySourceId || restore ? ref! : item.memberId
    if (key !== undefined && seen.has(key)) return skip('member.duplicate_relative', refPath)
    let existing = restore ? undefined : bySourceId ? findExisting(ref!, item.alsoMatches) : item.memberId === undefined ? undefined : rows.get(item.memberId)
    if (!bySourceId && !restore && item.memberId !== undefined && !existing) return skip('not_found', 'memberId')
    const parsed = memberFieldsSchema.safeParse(item)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) skip(issue.message as FieldErrorCode, issue.path.join('.'))
      return
    }
    // The form's rule: one "this is me" per tree (a relationship that says so counts as the flag).
    const isSelf = isSelfMember({
      isSelf: parsed.data.isSelf ?? Boolean(existing?.isSelf),
      relationshipToOwner: parsed.data.relationshipToOwner ?? existing?.relationshipToOwner ?? '',
    })
    // Only the same person's record takes over: a relative's export brought into one's own account keeps its self apart.
    if (isSelf && standIn && isSameFullName(standIn, { firstName: parsed.data.firstName, lastName: parsed.data.lastName })) {
      existing = standIn
      standIn = undefined
    }
    if (isSelf && !(existing && Boolean(existing.isSelf)) && hasSelf) return skip('member.self_exists', 'isSelf')
    if (isSelf) hasSelf = true
    if (key !== undefined) seen.add(key)
    let sourceId = bySourceId && !existing ? ref! : (existing?.sourceId ?? null)
    if (restore && item.sourceId?.trim()) {
      if (sourceIds.has(item.sourceId)) ctx.problems.push({ ...at, path: 'sourceId', code: 'member.source_id_taken', params: { sourceId: item.sourceId }, outcome: 'partly_kept' })
      else sourceId = item.sourceId
      sourceIds.add(item.sourceId)
    }
    const birthDate = batchDate(item.birthDate, ctx, { ...at, path: 'birthDate' })
    const deathDate = batchDate(item.deathDate, ctx, { ...at, path: 'deathDate' })
    const base: ProposedMember = existing
      ? toProposed(existing, links)
      : {
          id: newId(),
          firstName: '',
          lastName: '',
          relationshipToOwner: '',
          isSelf: false,
          isDeceased: false,
          birthDate: null,
          deathDate: null,
          birthPlace: '',
          deathPlace: '',
          notes: '',
          sourceId: null,
          gender: '',
          bioSummary: '',
          keyLifeEvents: [],
          parentMemberIds: [],
          parentLinks: [],
          spouseMemberIds: [],
          childrenMemberIds: [],
        }
    const member: ProposedMember = {
      ...base,
      ...defined({ ...parsed.data, birthDate, deathDate }),
      isSelf,
      relationshipToOwner: isSelf ? selfRelationship : (parsed.data.relationshipToOwner ?? base.relationshipToOwner),
      sourceId,
    }
    // A death date says the person has died (GEDCOM's `1 DEAT` alone says it too, through isDeceased).
    if (member.deathDate) member.isDeceased = true
    if (endsBeforeItStarts(member.birthDate, member.deathDate, ctx.dates.valueOf))
      ctx.problems.push({ ...at, path: 'deathDate', code: 'member.death_before_birth', outcome: 'kept' })
    const row = columns(member, ctx.dates.sortKeyOf)
    const patch = existing && changed(existing, row)
    // Never behind the stamp an edit made while the import ran: a form opened before it must see the change.
    if (patch && Object.keys(patch).length > 0) plan.updates.push({ id: existing!.id, patch: { ...patch, updatedAt: nextInstant(existing!.updatedAt, ctx.now) } })
    if (existing) plan.unchanged += patch && Object.keys(patch).length > 0 ? 0 : 1
    else plan.inserts.push({ id: member.id, treeId: ctx.treeId, ownerUserId: ctx.ownerId, ...row, createdAt: ctx.now, updatedAt: ctx.now })
    plan.idOf.set(key ?? member.id, existing?.id ?? member.id)
  }
  for (let index = 0; index < items.length; index += 1) {
    planItem(items[index]!, index)
    const waiting = ctx.step()
    if (waiting) await waiting
  }
  return plan
}
