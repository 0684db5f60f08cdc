import type { MemberFacts } from '../../../shared/contracts/family-tree.ts'
import type { PersonTimeline, TimelineEvent, TimelinePerson } from '../../../shared/contracts/timeline.ts'
import { asStoredDateOrNull, type StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import { namesIn } from '../../../shared/family-tree/mentions.ts'
import { excerptOf } from '../../../shared/text/excerpt.ts'
import type { TreeAccess } from '../family-tree/family-tree.circle.service.ts'
import { eventOf, placeEvents } from './timeline.events.ts'
import type { TimelineSources } from './timeline.sources.ts'

const personOf = (facts: Pick<MemberFacts, 'memberId' | 'firstName' | 'lastName'>): TimelinePerson => ({
  memberId: facts.memberId,
  firstName: facts.firstName,
  lastName: facts.lastName,
})

/** The day an instant fell on, as a stored date (`YYYY-MM-DD`, UTC like every kept instant). */
const dayOf = (instant: string) => instant.slice(0, 10)

/**
 * One life on a timeline, as the reader may see it: birth, marriages, children born, memories
 * about them (the reader's own and those shared with the tree), interviews by the day of the
 * sitting, photos by the day they were taken, death. A viewer meets a living person not opened up
 * by name only, so their timeline is empty; a closed relative's birth or wedding is listed with no
 * date. Photos with no date of their own take a memory's they are attached to, else go undated.
 */
export async function personTimeline(sources: TimelineSources, userId: string, memberId: string): Promise<PersonTimeline> {
  const reader = await sources.reader(userId)
  const facts = await sources.memberFacts(reader, memberId)
  const person = personOf(facts)
  if (await sources.isClosedToViewers(reader, memberId)) {
    return { person: { ...person, birthDate: null, deathDate: null, isDeceased: facts.isDeceased }, events: [], undated: [] }
  }
  const birth = facts.birthDate
  const event = (parts: Parameters<typeof eventOf>[2]) => eventOf(person, birth, parts)
  const events: TimelineEvent[] = []
  if (birth) events.push(event({ kind: 'birth', targetId: memberId, date: birth, place: facts.birthPlace }))
  events.push(...(await relativesEvents(sources, reader, facts, event)))

  const memories = await memoriesAbout(sources, userId, facts)
  events.push(...memories.map((memory) => event(memory)))
  events.push(...(await sittingsAbout(sources, reader, memberId)).map((sitting) => event(sitting)))
  for (const photo of await sources.photos(reader, memberId)) {
    if (!photo.contentType.startsWith('image/')) continue
    const linked = memories.find((memory) => memory.mediaAssetIds.includes(photo.id) && memory.date)
    const date = photo.takenOn ?? linked?.date ?? null
    events.push(event({ kind: 'photo', targetId: photo.id, date, title: photo.caption, thumbnailURL: photo.thumbnailURL }))
  }
  if (facts.isDeceased || facts.deathDate) events.push(event({ kind: 'death', targetId: memberId, date: facts.deathDate, place: facts.deathPlace }))
  return { person: { ...person, birthDate: birth, deathDate: facts.deathDate, isDeceased: facts.isDeceased }, ...placeEvents(events) }
}

type EventFor = (parts: Parameters<typeof eventOf>[2]) => TimelineEvent

/** Marriages with the partner, and children born with their names; a closed relative's date left out. */
async function relativesEvents(sources: TimelineSources, reader: TreeAccess, facts: MemberFacts, event: EventFor): Promise<TimelineEvent[]> {
  const events: TimelineEvent[] = []
  const relatives = new Map(facts.relatives.map((relative) => [relative.memberId, relative]))
  for (const union of await sources.unionsOf(reader, facts.memberId)) {
    const partner = union.spouseId ? relatives.get(union.spouseId) : undefined
    const hidden = union.spouseId !== null && (await sources.isClosedToViewers(reader, union.spouseId))
    if (!union.marriageDate && !partner) continue
    events.push(
      event({
        kind: 'marriage',
        targetId: union.unionId,
        date: hidden ? null : union.marriageDate,
        relative: partner ? personOf(partner) : null,
        place: hidden ? '' : union.marriagePlace,
      }),
    )
  }
  for (const child of facts.relatives.filter((relative) => relative.relation === 'child')) {
    const hidden = await sources.isClosedToViewers(reader, child.memberId)
    const childFacts = hidden ? undefined : await sources.memberFacts(reader, child.memberId)
    events.push(event({ kind: 'child', targetId: child.memberId, date: childFacts?.birthDate ?? null, relative: personOf(child), place: childFacts?.birthPlace ?? '' }))
  }
  return events
}

interface MemoryParts {
  kind: 'memory'
  targetId: string
  date: StoredGenealogyDate | null
  title: string
  authorName: string | null
  mediaAssetIds: string[]
}

/**
 * The reader's own memories about the person (their own card's, or any that names them by their
 * full name), and what was shared with the tree about them or naming them, each once. A first name
 * alone would need the whole tree to know nobody else bears it, which one life's page does not read.
 */
async function memoriesAbout(sources: TimelineSources, userId: string, facts: MemberFacts): Promise<MemoryParts[]> {
  const memberId = facts.memberId
  const mentions = namesIn(facts, new Map())
  const own = (await sources.ownMemories(userId)).filter((entry) => entry.subjectMemberId === memberId || mentions(`${entry.title}\n${entry.answer}`))
  const found: MemoryParts[] = own.map((entry) => ({
    kind: 'memory',
    targetId: entry.id,
    date: entry.eventDate,
    title: excerptOf(entry.title || entry.answer),
    authorName: null,
    mediaAssetIds: entry.mediaAssetIds,
  }))
  const seen = new Set(found.map((memory) => memory.targetId))
  for (const shared of await sources.sharedAbout(userId, memberId, mentions)) {
    if (shared.kind !== 'memory' || seen.has(shared.id)) continue
    seen.add(shared.id)
    found.push({
      kind: 'memory',
      targetId: shared.id,
      date: asStoredDateOrNull(shared.eventDate),
      title: excerptOf(shared.title || shared.text),
      authorName: shared.authorName,
      mediaAssetIds: shared.mediaAssetIds,
    })
  }
  return found
}

/** One event per sitting (a conversation with Ana), on the day it began, with its first answer. */
async function sittingsAbout(sources: TimelineSources, reader: TreeAccess, memberId: string) {
  const sittings = new Map<string, { kind: 'interview'; targetId: string; date: string; title: string }>()
  for (const session of await sources.interviews(reader, memberId)) {
    const key = session.conversation?.id ?? session.id
    const day = dayOf(session.conversation?.startedAt ?? session.timestamp)
    const known = sittings.get(key)
    if (!known) sittings.set(key, { kind: 'interview', targetId: key, date: day, title: session.conversation?.title || excerptOf(session.answer) })
    else if (day < known.date) known.date = day
  }
  return [...sittings.values()]
}
