import type { TimelineEvent, TimelineEventKind, TimelinePerson } from '../../../shared/contracts/timeline.ts'
import { asStoredDate, storedDateSortKey, type StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import { ageAt, isApproximateDate } from '../../../shared/timeline/life-dates.ts'

/** Within one day (or one year, for dates that name only a year) a life begins and ends in this order. */
const kindOrder: Record<TimelineEventKind, number> = { birth: 0, marriage: 1, child: 2, memory: 3, interview: 4, photo: 5, death: 6 }

export interface EventParts {
  kind: TimelineEventKind
  targetId: string
  date: StoredGenealogyDate | string | null
  relative?: TimelinePerson | null
  title?: string
  place?: string
  authorName?: string | null
  thumbnailURL?: string | null
}

/** One event of `person`'s life, its date placed and labelled, their age at it when their birth allows. */
export function eventOf(person: TimelinePerson, birthDate: StoredGenealogyDate | null, parts: EventParts): TimelineEvent {
  const date = parts.date === null || parts.date === '' ? null : typeof parts.date === 'string' ? asStoredDate(parts.date) : parts.date
  const sortKey = storedDateSortKey(date)
  return {
    id: `${parts.kind}:${parts.targetId}`,
    kind: parts.kind,
    person,
    date,
    sortKey,
    isApproximate: isApproximateDate(date),
    age: parts.kind === 'birth' ? null : ageAt(birthDate, date),
    relative: parts.relative ?? null,
    title: parts.title ?? '',
    place: parts.place ?? '',
    targetId: parts.targetId,
    authorName: parts.authorName ?? null,
    thumbnailURL: parts.thumbnailURL ?? null,
  }
}

/** Dated events in life order; what has no year to place it by goes apart, in the order given. */
export function placeEvents(events: TimelineEvent[]): { events: TimelineEvent[]; undated: TimelineEvent[] } {
  const dated = events.filter((event) => event.sortKey !== null)
  dated.sort((a, b) => a.sortKey! - b.sortKey! || kindOrder[a.kind] - kindOrder[b.kind])
  return { events: dated, undated: events.filter((event) => event.sortKey === null) }
}
