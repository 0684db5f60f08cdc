import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { familyTimelinePageSize, type FamilyTimeline, type TimelineEvent } from '../../../shared/contracts/timeline.ts'
import { livingOn } from '../../../shared/family-tree/living.ts'
import { roleMay } from '../../../shared/family-tree/roles.ts'
import { notFound } from '../../lib/app-error.ts'
import { createPacer, pacedSortByKeys } from '../../lib/cooperative.ts'
import type { LifeDates, LifeDatesRow } from '../family-tree/family-tree.calendar.ts'
import { eventOf } from './timeline.events.ts'
import type { TimelineSources } from './timeline.sources.ts'

interface Placed {
  keys: [number, number]
  make: () => TimelineEvent
}

/** A person with every ancestor and every descendant: the line they come from and the one they started. */
function branchOf(links: LifeDates['parentLinks'], memberId: string): Set<string> {
  const up = new Map<string, string[]>()
  const down = new Map<string, string[]>()
  for (const { childId, parentId } of links) {
    up.set(childId, [...(up.get(childId) ?? []), parentId])
    down.set(parentId, [...(down.get(parentId) ?? []), childId])
  }
  const found = new Set([memberId])
  for (const next of [up, down]) {
    const stack = [...(next.get(memberId) ?? [])]
    while (stack.length > 0) {
      const id = stack.pop()!
      if (found.has(id)) continue
      found.add(id)
      stack.push(...(next.get(id) ?? []))
    }
  }
  return found
}

const person = (row: LifeDatesRow) => ({ memberId: row.id, firstName: row.firstName, lastName: row.lastName })

/**
 * The family's births, marriages and deaths in date order, of one branch when asked, one page at
 * a time. It reads only the tree's dates and links (`lifeDates`), never whole cards; a viewer's
 * living relatives not opened up have no dates here, nor their weddings (ADR 0042). A tree of
 * 100,000 people has some 200,000 dated moments: only the page asked for is made into events,
 * the rest is placed by the sort keys the rows carry.
 */
export async function familyTimeline(sources: TimelineSources, userId: string, query: { branch?: string | undefined; after?: number | undefined }): Promise<FamilyTimeline> {
  const reader = await sources.reader(userId)
  const { members, parentLinks, unions } = await sources.calendar.lifeDates(reader.holderId)
  const pacer = createPacer()
  const byId = new Map<string, LifeDatesRow>()
  for (const row of members) {
    byId.set(row.id, row)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  if (query.branch !== undefined && !byId.has(query.branch)) throw notFound('Member')
  const branch = query.branch === undefined ? undefined : branchOf(parentLinks, query.branch)
  const inBranch = (id: string | null) => id !== null && (!branch || branch.has(id))
  const living = roleMay(reader.role, 'tree.see-living') ? undefined : livingOn(todayCalendarDate())
  const closed = new Set<string>()
  const placed: Placed[] = []
  for (const row of members) {
    if (living && !row.openToViewers && living({ isDeceased: Boolean(row.isDeceased), birthDate: row.birthDate, deathDate: row.deathDate })) closed.add(row.id)
    else if (inBranch(row.id)) {
      if (row.birthDateSort !== null)
        placed.push({
          keys: [row.birthDateSort, 0],
          make: () => eventOf(person(row), row.birthDate, { kind: 'birth', targetId: row.id, date: row.birthDate, place: row.birthPlace }),
        })
      if (row.deathDateSort !== null)
        placed.push({
          keys: [row.deathDateSort, 6],
          make: () => eventOf(person(row), row.birthDate, { kind: 'death', targetId: row.id, date: row.deathDate, place: row.deathPlace }),
        })
    }
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  // A partner who is closed, or not among the members at all, hides the wedding.
  const isShown = (id: string | null) => id === null || (byId.has(id) && !closed.has(id))
  for (const union of unions) {
    const [first, second] = [union.firstPartnerId, union.secondPartnerId]
    if (union.marriageDateSort !== null && isShown(first) && isShown(second) && (inBranch(first) || inBranch(second))) {
      const one = first !== null && inBranch(first) ? byId.get(first)! : byId.get(second!)!
      const otherId = one.id === first ? second : first
      const other = otherId ? byId.get(otherId) : undefined
      placed.push({
        keys: [union.marriageDateSort, 1],
        make: () =>
          eventOf(person(one), one.birthDate, {
            kind: 'marriage',
            targetId: union.id,
            date: union.marriageDate,
            relative: other ? person(other) : null,
            place: union.marriagePlace,
          }),
      })
    }
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  const sorted = await pacedSortByKeys(placed, (item) => item.keys, pacer)
  const start = query.after ?? 0
  const page = sorted.slice(start, start + familyTimelinePageSize)
  const next = start + page.length < sorted.length ? start + page.length : null
  return { events: page.map((item) => item.make()), total: sorted.length, next }
}
