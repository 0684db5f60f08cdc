import { createHash } from 'node:crypto'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { BookBlock, BookChapter, BookOptions, BookPlan, BookRecording } from '../../../shared/contracts/book.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { asStoredDateOrNull, formatStoredDateShort, storedDateSortKey } from '../../../shared/genealogy-date/index.ts'
import { joinFullName } from '../../../shared/family-tree/full-name.ts'
import { chapterTitle, chaptersOfLife, dayInWords, memoryDateText, memoryHeadings, storyMemoryOf, storyWordsFor, type StoryMemory } from '../../../shared/story/index.ts'
import { bookChart, indexedPeople, lifeYears } from './book.chart.ts'
import type { BookMaterial, PersonMaterial } from './book.material.ts'
import { bookText } from './book.words.ts'

/** What a plan is built with besides the material: the retold chapters, the printed links, the day. */
export interface PlanExtras {
  /** Retellings kept for the author, by chapter key, with the digest of what each retold. */
  retellings: Map<string, { sourceDigest: string; text: string }>
  /** The listening page of each recording that may be printed; absent in a draft. */
  links?: Map<string, string>
  now: Date
}

/** A chapter before it is placed: the key the author orders it by and the order it falls in by itself. */
interface Drafted extends BookChapter {
  sortKey: number
}

const fullName = (member: Pick<Member, 'firstName' | 'lastName'> | null) => (member && joinFullName(member.firstName, member.lastName)) ?? ''
const isRecording = (file: MediaAsset) => file.contentType.startsWith('audio/') || file.contentType.startsWith('video/')
const isPhoto = (file: MediaAsset) => file.contentType.startsWith('image/')

/** A digest of what a chapter says: a retelling of other words is not printed. */
export function chapterDigest(chapter: Pick<BookChapter, 'blocks'>): string {
  const hash = createHash('sha256')
  for (const block of chapter.blocks) {
    if (block.type === 'memory') hash.update(`m\u0000${block.title}\u0000${block.text}\u0000`)
    else if (block.type === 'answer') hash.update(`a\u0000${block.question}\u0000${block.answer}\u0000`)
  }
  return hash.digest('hex')
}

/**
 * The book's plan: every chapter with its blocks, in the order the author chose, and what the
 * cover, chart and index print. Pure: the same material and options give the same plan.
 */
export function buildPlan(material: BookMaterial, options: BookOptions, extras: PlanExtras): BookPlan {
  const { language } = options
  const text = bookText[language]
  const excluded = new Set(options.excluded)
  const placedPhotos = new Set<string>()

  const recordingsOf = (ids: readonly string[]): BookRecording[] =>
    ids.flatMap((id) => {
      const file = material.files.get(id)
      return file && isRecording(file) ? [{ mediaId: id, title: file.caption || file.fileName, url: extras.links?.get(id) ?? null }] : []
    })
  const photoBlocks = (ids: readonly string[]): BookBlock[] =>
    options.include.photos
      ? ids.flatMap((id) => {
          const file = material.files.get(id)
          if (!file || !isPhoto(file) || excluded.has(id) || placedPhotos.has(id)) return []
          placedPhotos.add(id)
          return [{ type: 'photo' as const, id, mediaId: id, caption: file.caption, width: file.width, height: file.height }]
        })
      : []

  const memoryBlocks = (memories: readonly StoryMemory[], entries: Map<string, BiographyEntry>): BookBlock[] => {
    const headings = memoryHeadings(memories, (memory) => memoryDateText(memory.eventDate, language))
    return memories.flatMap((memory, index) => {
      if (excluded.has(memory.id)) return []
      const block: BookBlock = {
        type: 'memory',
        id: memory.id,
        title: headings[index]!.heading,
        date: headings[index]!.date,
        text: memory.exchanges.map((exchange) => exchange.answer.trim()).join('\n\n'),
        recordings: recordingsOf(entries.get(memory.id)?.mediaAssetIds ?? []),
        teller: null,
      }
      return [block, ...photoBlocks(memory.mediaAssetIds)]
    })
  }

  const answerBlocks = (sessions: readonly InterviewSession[]): BookBlock[] =>
    sessions.flatMap((session) =>
      excluded.has(session.id) || !session.answer.trim()
        ? []
        : [
            {
              type: 'answer' as const,
              id: session.id,
              question: session.question ?? '',
              answer: session.answer.trim(),
              date: dayInWords(session.timestamp, language),
              recordings: recordingsOf(session.mediaAssetIds),
              teller: session.authorUserId === material.authorUserId ? null : text.toldBy(material.tellers.get(session.authorUserId) ?? ''),
            },
          ],
    )

  const sharedBlocks = (person: PersonMaterial): BookBlock[] =>
    person.shared
      .filter((memory) => memory.kind === 'memory' && !excluded.has(memory.id))
      .flatMap((memory) => [
        {
          type: 'memory' as const,
          id: memory.id,
          title: memory.title,
          date: memoryDateText(asStoredDateOrNull(memory.eventDate), language),
          text: memory.text.trim(),
          recordings: recordingsOf(memory.mediaAssetIds),
          teller: memory.authorName ? text.toldBy(memory.authorName) : null,
        },
        ...photoBlocks(memory.mediaAssetIds),
      ])

  const chapters: Drafted[] = []
  for (const [position, person] of material.persons.entries()) {
    const entries = new Map(person.memories.map((entry) => [entry.id, entry]))
    const memories = person.memories.map((entry) => storyMemoryOf(entry, entry.mediaAssetIds)).filter((memory) => memory.exchanges.length > 0)
    const birth = person.member?.birthDate ?? null
    const lifeChapters = chaptersOfLife(memories, options.order === 'date' ? null : birth)
    const sessionsBySitting = bySitting(person.interviews)
    const name = fullName(person.member)
    const memberKey = person.member?.memberId ?? 'self'

    if (options.kind === 'family') {
      // One chapter per person, in the order of their births: what they told, then what was told of them.
      const blocks = [
        ...lifeChapters.flatMap((chapter) => memoryBlocks(chapter.memories, entries)),
        ...sessionsBySitting.flatMap((sitting) => answerBlocks(sitting.sessions)),
        ...sharedBlocks(person),
        ...photoBlocks(person.photoIds),
      ]
      const years = person.member ? lifeYears(person.member.birthDate, person.member.deathDate, language) : ''
      chapters.push({
        key: `person:${memberKey}`,
        title: name || text.myBook,
        subtitle: years,
        retelling: null,
        blocks,
        sortKey: storedDateSortKey(birth) ?? Number.MAX_SAFE_INTEGER - position,
      })
      continue
    }
    for (const chapter of lifeChapters) {
      const years = chapter.memories.map((memory) => formatStoredDateShort(memory.eventDate, language)?.text).filter(Boolean)
      const subtitle = years.length > 0 && years[0] !== years.at(-1) ? `${years[0]} – ${years.at(-1)}` : (years[0] ?? '')
      chapters.push({
        key: `life:${chapter.id}`,
        title: chapterTitle(chapter, language),
        subtitle,
        retelling: null,
        blocks: memoryBlocks(chapter.memories, entries),
        sortKey: chapters.length,
      })
    }
    for (const sitting of sessionsBySitting) {
      const day = dayInWords(sitting.startedAt, language)
      chapters.push({
        key: `conversation:${sitting.id}`,
        title: sitting.title || storyWordsFor(language).conversationOn(day),
        // Two sittings of one day are told apart by who told them.
        subtitle: [sitting.title ? day : '', sitting.tellerId === material.authorUserId ? '' : text.toldBy(material.tellers.get(sitting.tellerId) ?? '')]
          .filter(Boolean)
          .join(' · '),
        retelling: null,
        blocks: answerBlocks(sitting.sessions),
        sortKey: chapters.length,
      })
    }
    chapters.push({ key: `shared:${memberKey}`, title: text.sharedMemories, subtitle: '', retelling: null, blocks: sharedBlocks(person), sortKey: chapters.length })
    chapters.push({
      key: `photos:${memberKey}`,
      title: text.photos(name || text.myBook),
      subtitle: '',
      retelling: null,
      blocks: photoBlocks(person.photoIds),
      sortKey: chapters.length,
    })
  }

  const placed = placeChapters(
    chapters.filter((chapter) => chapter.blocks.length > 0),
    options,
  ).map(({ sortKey: _sortKey, ...chapter }) => {
    const kept = options.retold.includes(chapter.key) ? extras.retellings.get(chapter.key) : undefined
    return { ...chapter, retelling: kept && kept.sourceDigest === chapterDigest(chapter) ? kept.text : null }
  })

  const subject = material.subject
  const chart = bookChart(material, options)
  const title = options.kind === 'family' ? text.familyBook(material.tree.tree?.treeName ?? '') : fullName(subject) || text.myBook
  const subtitle = options.kind === 'family' ? familyYears(chart, extras.now) : subject ? lifeYears(subject.birthDate, subject.deathDate, language) : ''
  const cover = options.include.photos ? (subject?.mediaAssetIds.find((id) => !excluded.has(id) && material.files.has(id) && isPhoto(material.files.get(id)!)) ?? null) : null
  return {
    language,
    format: options.format,
    bleed: options.bleed,
    title,
    subtitle,
    coverPhotoId: cover,
    dedication: options.dedication,
    chapters: placed,
    chart,
    people: indexedPeople(material, placed, chart),
    colophon: text.colophon(dayInWords(extras.now.toISOString(), language)),
    words: text.words,
  }
}

/** The interview sessions in sittings (the conversation they were told in, else their day), oldest first. */
function bySitting(sessions: readonly InterviewSession[]) {
  const sittings = new Map<string, { id: string; title: string; startedAt: string; tellerId: string; sessions: InterviewSession[] }>()
  const ordered = [...sessions].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id))
  for (const session of ordered) {
    const key = session.conversation?.id ?? `day-${session.timestamp.slice(0, 10)}`
    let sitting = sittings.get(key)
    if (!sitting) {
      sitting = {
        id: key,
        title: session.conversation?.title.trim() ?? '',
        startedAt: session.conversation?.startedAt ?? session.timestamp,
        tellerId: session.authorUserId,
        sessions: [],
      }
      sittings.set(key, sitting)
    }
    sitting.sessions.push(session)
  }
  return [...sittings.values()]
}

/** The chapters in the author's order: those placed by hand first, as placed, then the rest in their own order. */
function placeChapters(chapters: Drafted[], options: BookOptions): Drafted[] {
  const natural = [...chapters].sort((a, b) => a.sortKey - b.sortKey)
  if (options.order !== 'manual') return natural
  const byKey = new Map(natural.map((chapter) => [chapter.key, chapter]))
  const placed = options.manualOrder.flatMap((key) => {
    const chapter = byKey.get(key)
    byKey.delete(key)
    return chapter ? [chapter] : []
  })
  return [...placed, ...byKey.values()]
}

/** The family's span: from the oldest birth year in the chart to the year the book is made. */
function familyYears(chart: BookPlan['chart'], now: Date): string {
  const years = chart.map((person) => Number.parseInt(person.years, 10)).filter((year) => Number.isFinite(year) && year > 0)
  return years.length > 0 ? `${Math.min(...years)} – ${now.getUTCFullYear()}` : ''
}
