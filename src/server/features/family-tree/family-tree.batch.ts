import type { BatchProblem, ParentLink } from '../../../shared/contracts/family-tree.ts'
import { defaultLanguage, limits } from '../../../shared/limits.ts'
import { nowIso } from '../../db/timestamps.ts'
import { createPacer, nextTurn, type Pacer } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { planMembers, type BatchLink, type BatchMember, type BatchOptions, type BatchUnion, type Context } from './family-tree.batch-plan.ts'
import { planUnions } from './family-tree.batch-unions.ts'
import { createDateReader } from './family-tree.dates.ts'
import type { FamilyTreeQueries, FamilyTreeRepository, TreeSnapshot } from './family-tree.repository.ts'
import type { NewFamilyTreeRow, ParentLinkRow } from './family-tree.tables.ts'
import { linksClosingLoops } from './family-tree.loops.ts'

export type { BatchLink, BatchMember, BatchOptions, BatchProgress, BatchUnion } from './family-tree.batch-plan.ts'

export interface Batch {
  members?: BatchMember[]
  unions?: BatchUnion[]
  links?: BatchLink[]
}

/** A person of an imported tree: the member form's fields, named by who they are in their source. */
export type ImportedPerson = Omit<BatchMember, 'ref' | 'memberId' | 'isSelf' | 'relationshipToOwner'> & { sourceId: string }

/** A couple, or a one-parent family, of an imported tree; its partners are people's source ids. */
export type ImportedUnion = Omit<BatchUnion, 'ref' | 'unionId'> & { sourceId: string; firstPartner: string | null; secondPartner: string | null }

/** A child of an imported union (linked to each partner), or of one parent: source ids, and the kind (birth when absent). */
export type ImportedParentLink = Pick<BatchLink, 'child' | 'union' | 'parent' | 'kind' | 'position'>

/**
 * The import door: a tree read from another program's file, in no file format's terms. Every person
 * and union carries its source id, which a later import of the same source gives again, so that
 * import updates the rows this one wrote instead of adding them twice; `alsoMatches` names further
 * ids it may already be known by. Dates are genealogy-date's stored form (`serializeGenealogyDate`),
 * places and notes as written. Relationship to the owner and "this is me" are not a file's to say.
 */
export interface ImportedTree {
  members: ImportedPerson[]
  unions: ImportedUnion[]
  links: ImportedParentLink[]
}

export interface BatchReport {
  /** `unchanged`: named by the batch and already as it says (nothing written). */
  members: { created: number; updated: number; unchanged: number }
  unions: { created: number; updated: number; unchanged: number }
  links: { created: number; updated: number }
  problems: BatchProblem[]
  /** Member reference (source id, or id) → member id, for what the caller attaches next (media). */
  memberIds: Map<string, string>
  unionIds: Map<string, string>
}

const itemOrder = { member: 0, union: 1, link: 2 }

/**
 * Rows written per transaction: small enough that a large batch never holds the database long. On
 * SQLite a transaction runs without a turn of the event loop (its statements answer at once), so
 * its length is how long every other request waits: about 25 ms for 500 rows, 50 ms for 2,000.
 */
const rowsPerTransaction = 500

/**
 * The children's links, checked as the form checks them: known people, not their own parent, at
 * most 2 parents of each kind, no one their own ancestor. A link already there gets the batch's
 * union and kind; a link the batch does not name stays (a batch adds, never deletes).
 */
async function planLinks(snapshot: TreeSnapshot, items: BatchLink[], idOf: Map<string, string>, unionOf: Map<string, { id: string; partners: string[] }>, ctx: Context) {
  const linksOf = new Map<string, ParentLink[]>()
  const positionOf = new Map<string, number | null>()
  for (const { childId, parentId, unionId, kind, childPosition } of snapshot.parentLinks) {
    append(linksOf, childId, { parentId, unionId, kind } as ParentLink)
    positionOf.set(`${childId} ${parentId}`, childPosition ?? null)
  }
  const inserts: ParentLinkRow[] = []
  const updates: ParentLinkRow[] = []
  const fresh: (ParentLinkRow & { index: number })[] = []

  const planItem = (item: BatchLink, index: number) => {
    const at = { item: 'link' as const, index, ref: item.child }
    const childId = idOf.get(item.child)
    const union = item.union === undefined ? undefined : unionOf.get(item.union)
    const direct = item.parent === undefined ? undefined : idOf.get(item.parent)
    if (!childId) return ctx.problems.push({ ...at, path: 'child', code: 'member.unknown_relative', outcome: 'skipped' })
    if (item.union !== undefined && !union) return ctx.problems.push({ ...at, path: 'union', code: 'member.unknown_relative', outcome: 'skipped' })
    if (item.parent !== undefined && !direct) return ctx.problems.push({ ...at, path: 'parent', code: 'member.unknown_relative', outcome: 'skipped' })
    const kind = item.kind ?? 'birth'
    const parents = direct ? [direct] : (union?.partners ?? [])
    for (const parentId of parents) {
      if (parentId === childId) {
        ctx.problems.push({ ...at, path: 'parent', code: 'member.related_to_itself', outcome: 'skipped' })
        continue
      }
      const links = linksOf.get(childId) ?? []
      const link: ParentLinkRow = { childId, parentId, unionId: union?.id ?? null, kind, childPosition: item.position ?? null }
      const current = links.find((l) => l.parentId === parentId)
      if (current) {
        const position = item.position ?? positionOf.get(`${childId} ${parentId}`) ?? null
        if (current.kind !== kind || current.unionId !== link.unionId || position !== (positionOf.get(`${childId} ${parentId}`) ?? null)) {
          current.kind = kind
          current.unionId = link.unionId
          updates.push({ ...link, childPosition: position })
        }
        continue
      }
      if (links.filter((l) => l.kind === kind).length >= limits.parentsPerMember) {
        ctx.problems.push({ ...at, path: 'parent', code: 'member.too_many_parents', outcome: 'skipped' })
        continue
      }
      append(linksOf, childId, { parentId, unionId: link.unionId, kind })
      fresh.push({ ...link, index })
    }
  }
  for (let index = 0; index < items.length; index += 1) {
    planItem(items[index]!, index)
    const waiting = ctx.step()
    if (waiting) await waiting
  }

  const strip = ({ index: _index, ...link }: ParentLinkRow & { index: number }): ParentLinkRow => link
  const closing = await linksClosingLoops(
    snapshot.parentLinks,
    fresh.map((link, order) => ({ childId: link.childId, parentId: link.parentId, order })),
    ctx.pacer,
  )
  fresh.forEach((link, order) => {
    if (closing.has(order)) ctx.problems.push({ item: 'link', index: link.index, ref: items[link.index]!.child, path: 'parent', code: 'member.cycle', outcome: 'skipped' })
    else inserts.push(strip(link))
  })
  return { inserts, updates }
}

/** Adds to a list in place: copying the list per addition made a parent of many children quadratic. */
function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Writes some rows with the queries it is given; `inTransactions` or `inOne` decides where. */
type Writer = <T>(rows: T[], write: (q: FamilyTreeQueries, rows: T[]) => Promise<void>) => Promise<void>

/** Rows written so far, out of all the batch will write, told after each transaction. */
type Written = (rows: number) => void

/** Runs each write over its rows in transactions of a bounded size, letting other requests in between. */
const inTransactions =
  (repo: FamilyTreeRepository, written: Written): Writer =>
  async (rows, write) => {
    for (let start = 0; start < rows.length; start += rowsPerTransaction) {
      const slice = rows.slice(start, start + rowsPerTransaction)
      await repo.transaction((q) => write(q, slice))
      written(slice.length)
      await nextTurn()
    }
  }

/** Every write inside one transaction that is already open. */
const inOne =
  (q: FamilyTreeQueries, written: Written): Writer =>
  async (rows, write) => {
    if (rows.length > 0) await write(q, rows)
    written(rows.length)
  }

/**
 * Writes many members, unions and links at once (an import), with the member form's rules, and
 * reports what it could not take instead of failing the whole batch. Reads the tree once, plans
 * in slices that let other requests run between them, then writes in transactions of at most `rowsPerTransaction` rows: a second run of the same batch
 * finds its earlier rows by source id and updates them, so a batch cut short is finished by
 * running it again. A restore adds everything as new, so it cannot be finished that way: it is
 * written in one transaction instead, all or nothing.
 */
export async function applyBatch(
  repo: FamilyTreeRepository,
  ownerId: string,
  batch: Batch,
  options: BatchOptions,
  treeRow: (treeId: string, now: string) => NewFamilyTreeRow,
): Promise<BatchReport> {
  const { onProgress } = options
  const snapshot = await repo.loadTree(ownerId)
  const now = nowIso()
  const items = (batch.members?.length ?? 0) + (batch.unions?.length ?? 0) + (batch.links?.length ?? 0)
  const total = 2 * items
  let planned = 0
  const pacer: Pacer = createPacer()
  const step = () => {
    planned += 1
    const pause = pacer.step()
    if (pause) onProgress?.(planned, total)
    return pause
  }
  const ctx: Context = { ownerId, treeId: snapshot.tree?.id ?? newId(), now, options, problems: [], dates: createDateReader(options.language ?? defaultLanguage), pacer, step }
  const members = await planMembers(snapshot, batch.members ?? [], ctx)
  const unions = await planUnions(snapshot, batch.unions ?? [], members.idOf, ctx)
  const links = await planLinks(snapshot, batch.links ?? [], members.idOf, unions.unionOf, ctx)
  onProgress?.(items, total)

  const toWrite = members.inserts.length + members.updates.length + unions.inserts.length + unions.updates.length + links.inserts.length + links.updates.length
  let rowsDone = 0
  const written: Written = (rows) => {
    rowsDone += rows
    if (rows > 0) onProgress?.(items + Math.floor((items * rowsDone) / toWrite), total)
  }

  const write = async (run: Writer, q: FamilyTreeQueries) => {
    if (!snapshot.tree && members.inserts.length > 0) await q.insertTree(treeRow(ctx.treeId, now))
    await run(members.inserts, (q, rows) => q.insertMembers(rows))
    await run(members.updates, async (q, rows) => {
      for (const { id, patch } of rows) await q.updateMember(ownerId, id, patch)
    })
    await run(unions.inserts, (q, rows) => q.insertUnions(rows))
    await run(unions.updates, async (q, rows) => {
      for (const { id, patch } of rows) await q.updateUnion(ownerId, id, patch)
    })
    await run(links.inserts, (q, rows) => q.insertParentLinks(rows.map((row) => ({ ...row, ownerUserId: ownerId }))))
    await run(links.updates, async (q, rows) => {
      for (const row of rows) await q.updateParentLink(ownerId, row)
    })
    const wrote = members.inserts.length + members.updates.length + unions.inserts.length + unions.updates.length + links.inserts.length + links.updates.length
    if (wrote > 0 && (snapshot.tree || members.inserts.length > 0)) await q.touchTree(ownerId, now)
  }
  if (options.restore) await repo.transaction((q) => write(inOne(q, written), q))
  else await write(inTransactions(repo, written), repo)
  onProgress?.(total, total)

  const unionIds = new Map([...unions.unionOf].map(([ref, { id }]) => [ref, id]))
  return {
    members: { created: members.inserts.length, updated: members.updates.length, unchanged: members.unchanged },
    unions: { created: unions.inserts.length, updated: unions.updates.length, unchanged: unions.unchanged },
    links: { created: links.inserts.length, updated: links.updates.length },
    problems: ctx.problems.sort((a, b) => itemOrder[a.item] - itemOrder[b.item] || a.index - b.index),
    memberIds: members.idOf,
    unionIds,
  }
}
