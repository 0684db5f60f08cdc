import { newId } from '../../lib/ids.ts'
import { batchDate, changed, defined, matcher, type BatchUnion, type Context } from './family-tree.batch-plan.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import { endsBeforeItStarts } from './family-tree.rules.ts'
import type { NewUnionRow, UnionRow, UnionUpdate } from './family-tree.tables.ts'

// The unions' half of a batch's planning, after its members: each union checked as the form checks
// one, its partners found among the batch's members, and matched to the row it updates.

export interface UnionPlan {
  inserts: NewUnionRow[]
  updates: { id: string; patch: UnionUpdate }[]
  unchanged: number
  /** Union reference → its id and partners as they will be. */
  unionOf: Map<string, { id: string; partners: string[] }>
}

export async function planUnions(snapshot: TreeSnapshot, items: BatchUnion[], idOf: Map<string, string>, ctx: Context): Promise<UnionPlan> {
  const plan: UnionPlan = { inserts: [], updates: [], unchanged: 0, unionOf: new Map() }
  const partnersOf = (row: Pick<UnionRow, 'firstPartnerId' | 'secondPartnerId'>) => [row.firstPartnerId, row.secondPartnerId].filter((id): id is string => id !== null)
  const rows = new Map(snapshot.unions.map((row) => [row.id, row]))
  const bySource = new Map(snapshot.unions.filter((row) => row.sourceId !== null).map((row) => [row.sourceId!, row]))
  const { bySourceId, restore } = ctx.options
  if (!bySourceId && !restore) for (const row of snapshot.unions) plan.unionOf.set(row.id, { id: row.id, partners: partnersOf(row) })
  const seen = new Set<string>()
  const sourceIds = new Set(bySource.keys())
  const findExisting = matcher(bySource, rows)

  const planItem = (item: BatchUnion, index: number) => {
    const ref = restore ? item.ref : item.sourceId
    const at = { item: 'union' as const, index, ...(ref === undefined ? {} : { ref }) }
    const refPath = restore ? 'ref' : bySourceId ? 'sourceId' : 'unionId'
    if ((bySourceId || restore) && !ref?.trim()) return ctx.problems.push({ ...at, path: refPath, code: 'validation.required', outcome: 'skipped' })
    const key = bySourceId || restore ? ref! : item.unionId
    if (key !== undefined && seen.has(key)) return ctx.problems.push({ ...at, path: refPath, code: 'member.duplicate_relative', outcome: 'skipped' })
    const existing = restore ? undefined : bySourceId ? findExisting(ref!, item.alsoMatches) : item.unionId === undefined ? undefined : rows.get(item.unionId)
    if (!bySourceId && !restore && item.unionId !== undefined && !existing) return ctx.problems.push({ ...at, path: 'unionId', code: 'not_found', outcome: 'skipped' })
    let sourceId = bySourceId ? (existing ? existing.sourceId : ref!) : null
    if (restore && item.sourceId?.trim()) {
      if (sourceIds.has(item.sourceId)) ctx.problems.push({ ...at, path: 'sourceId', code: 'member.source_id_taken', params: { sourceId: item.sourceId }, outcome: 'partly_kept' })
      else sourceId = item.sourceId
      sourceIds.add(item.sourceId)
    }
    const partner = (reference: string | null | undefined, path: string, current: string | null) => {
      if (reference === undefined) return current
      if (reference === null) return null
      const id = idOf.get(reference)
      if (!id) ctx.problems.push({ ...at, path, code: 'member.unknown_relative', params: { ref: reference }, outcome: 'partly_kept' })
      return id ?? null
    }
    const first = partner(item.firstPartner, 'firstPartner', existing?.firstPartnerId ?? null)
    let second = partner(item.secondPartner, 'secondPartner', existing?.secondPartnerId ?? null)
    if (first !== null && first === second) {
      ctx.problems.push({ ...at, path: 'secondPartner', code: 'member.related_to_itself', outcome: 'partly_kept' })
      second = null
    }
    const marriageDate = batchDate(item.marriageDate, ctx, { ...at, path: 'marriageDate' })
    const divorceDate = batchDate(item.divorceDate, ctx, { ...at, path: 'divorceDate' })
    // As a death before the birth: what the file says is kept, and the report says it looks wrong.
    if (endsBeforeItStarts(marriageDate ?? existing?.marriageDate, divorceDate ?? existing?.divorceDate, ctx.dates.valueOf)) {
      ctx.problems.push({ ...at, path: 'divorceDate', code: 'member.divorce_before_marriage', outcome: 'kept' })
    }
    const fields = defined({
      marriageDate,
      marriagePlace: item.marriagePlace?.trim(),
      divorceDate,
      divorcePlace: item.divorcePlace?.trim(),
      notes: item.notes?.trim(),
      position: item.position,
    })
    const isMarried = item.isMarried || Boolean(marriageDate ?? existing?.marriageDate) || Boolean(fields.marriagePlace ?? existing?.marriagePlace)
    const married = item.isMarried === undefined && !isMarried ? {} : { isMarried: isMarried ? (1 as const) : (0 as const) }
    const sort = marriageDate === undefined ? {} : { marriageDateSort: ctx.dates.sortKeyOf(marriageDate) }
    if (key !== undefined) seen.add(key)
    const id = existing?.id ?? newId()
    if (existing) {
      const patch = changed(existing, { ...fields, ...married, ...sort, firstPartnerId: first, secondPartnerId: second })
      if (Object.keys(patch).length > 0) plan.updates.push({ id, patch: { ...patch, updatedAt: ctx.now } })
      else plan.unchanged += 1
    } else {
      // Every column spelled out: a multi-row INSERT on SQLite writes NULL, not the default, for a missing one.
      plan.inserts.push({
        id,
        treeId: ctx.treeId,
        ownerUserId: ctx.ownerId,
        firstPartnerId: first,
        secondPartnerId: second,
        marriageDate: marriageDate ?? null,
        marriageDateSort: ctx.dates.sortKeyOf(marriageDate ?? null),
        marriagePlace: fields.marriagePlace ?? '',
        isMarried: isMarried ? 1 : 0,
        divorceDate: divorceDate ?? null,
        divorcePlace: fields.divorcePlace ?? '',
        notes: fields.notes ?? '',
        position: fields.position ?? 0,
        sourceId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
    }
    plan.unionOf.set(key ?? id, { id, partners: [first, second].filter((p): p is string => p !== null) })
  }
  for (let index = 0; index < items.length; index += 1) {
    planItem(items[index]!, index)
    const waiting = ctx.step()
    if (waiting) await waiting
  }
  return plan
}
