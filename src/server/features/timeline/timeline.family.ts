import type { Member, Union } from '../../../shared/contracts/family-tree.ts'
import { familyTimelinePageSize, type FamilyTimeline, type TimelineEvent } from '../../../shared/contracts/timeline.ts'
import { createPacer, pacedSortByKeys } from '../../lib/cooperative.ts'
import { notFound } from '../../lib/app-error.ts'
import { eventOf } from './timeline.events.ts'
import type { TimelineSources } from './timeline.sources.ts'

interface Placed {
  keys: [number, number]
  make: () => TimelineEvent
}

/** A person with every ancestor and every descendant: the line they come from and the one they started. */
function branchOf(members: Map<string, Member>, memberId: string): Set<string> {
  const found = new Set([memberId])
  for (const direction of ['parentMemberIds', 'childrenMemberIds'] as const) {
    const stack = [...(members.get(memberId)?.[direction] ?? [])]
    while (stack.length > 0) {
      const id = stack.pop()!
      if (found.has(id)) continue
      found.add(id)
      stack.push(...(members.get(id)?.[direction] ?? []))
    }
  }
  return found
}

const person = (member: Member) => ({ memberId: member.memberId, firstName: member.firstName, lastName: member.lastName })

/**
 * The family's births, marriages and deaths in date order, as the reader may see the tree (a
 * viewer's living relatives have no dates, so they do not appear), of one branch when asked, one
 * page at a time: a tree of 100,000 people has 200,000 dated events, so only the page asked for
 * is made into events, the rest is placed by the sort keys the tree already carries.
 */
export async function familyTimeline(sources: TimelineSources, userId: string, query: { branch?: string | undefined; after?: number | undefined }): Promise<FamilyTimeline> {
  const reader = await sources.reader(userId)
  const tree = await sources.tree(reader)
  const members = new Map(tree.members.map((member) => [member.memberId, member]))
  if (query.branch !== undefined && !members.has(query.branch)) throw notFound('Member')
  const branch = query.branch === undefined ? undefined : branchOf(members, query.branch)
  const inBranch = (id: string | null) => id !== null && (!branch || branch.has(id))
  const pacer = createPacer()
  const placed: Placed[] = []
  for (const member of tree.members) {
    if (inBranch(member.memberId)) {
      if (member.birthDateSortKey !== null)
        placed.push({
          keys: [member.birthDateSortKey, 0],
          make: () => eventOf(person(member), member.birthDate, { kind: 'birth', targetId: member.memberId, date: member.birthDate, place: member.birthPlace }),
        })
      if (member.deathDateSortKey !== null)
        placed.push({
          keys: [member.deathDateSortKey, 6],
          make: () => eventOf(person(member), member.birthDate, { kind: 'death', targetId: member.memberId, date: member.deathDate, place: member.deathPlace }),
        })
    }
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  for (const union of tree.unions) {
    if (union.marriageDateSortKey !== null && (inBranch(union.firstPartnerId) || inBranch(union.secondPartnerId)))
      placed.push({ keys: [union.marriageDateSortKey, 1], make: () => marriage(members, union, inBranch) })
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  const sorted = await pacedSortByKeys(placed, (item) => item.keys, pacer)
  const start = query.after ?? 0
  const page = sorted.slice(start, start + familyTimelinePageSize)
  const next = start + page.length < sorted.length ? start + page.length : null
  return { events: page.map((item) => item.make()), total: sorted.length, next }
}

/** A marriage on the life of the partner in the branch (the first, when both are). */
function marriage(members: Map<string, Member>, union: Union, inBranch: (id: string | null) => boolean): TimelineEvent {
  const [first, second] = [union.firstPartnerId, union.secondPartnerId].map((id) => (id ? members.get(id) : undefined))
  const [one, other] = first && inBranch(first.memberId) ? [first, second] : second ? [second, first] : [first!, undefined]
  return eventOf(person(one), one.birthDate, {
    kind: 'marriage',
    targetId: union.unionId,
    date: union.marriageDate,
    relative: other ? person(other) : null,
    place: union.marriagePlace,
  })
}
