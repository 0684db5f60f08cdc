import { storedDateSortKey, type StoredGenealogyDate } from '../genealogy-date/index.ts'

/** The parts of a life the story is told in, by the person's age at the memory. */
export const lifeStages = ['beforeBirth', 'childhood', 'youth', 'adulthood', 'maturity', 'laterYears'] as const
export type LifeStage = (typeof lifeStages)[number]

/** The first age of each stage after birth: childhood to 12, youth to 24, adulthood to 49, maturity to 69. */
const stageStarts: [age: number, stage: LifeStage][] = [
  [70, 'laterYears'],
  [50, 'maturity'],
  [25, 'adulthood'],
  [13, 'youth'],
  [0, 'childhood'],
]

export function lifeStageAt(age: number): LifeStage {
  return stageStarts.find(([start]) => age >= start)?.[1] ?? 'beforeBirth'
}

/**
 * A chapter of the story: a life stage when the birth date is known, else a decade, and the
 * memories with no year last.
 */
export type StoryChapterKind = { kind: 'stage'; stage: LifeStage } | { kind: 'decade'; decade: number } | { kind: 'undated' }
export type StoryChapter<Memory> = StoryChapterKind & { id: string; memories: Memory[] }

interface Placeable {
  id: string
  eventDate: StoredGenealogyDate | null
  savedAt: string
}

// A sort key is ((year × 13 + month) × 32 + day) × 10 + slot (genealogy-date/sort.ts), and month
// and day never reach a whole year's span, so the year is the key divided by that span, rounded down.
const yearSpan = 13 * 32 * 10
const yearOfKey = (key: number) => Math.floor(key / yearSpan)

/**
 * The memories in life order, grouped: by stage of life from the birth date, or by decade without
 * one. Memories are ordered by their date's sort key (a range by its start, "before 1950" just
 * before 1950), equal dates in the order they were saved; memories with no date, or a date with
 * no year ("después de la guerra"), come last in the order they were saved.
 */
export function chaptersOfLife<Memory extends Placeable>(memories: readonly Memory[], birthDate: StoredGenealogyDate | null): StoryChapter<Memory>[] {
  const birthKey = storedDateSortKey(birthDate)
  const birthYear = birthKey === null ? null : yearOfKey(birthKey)
  const bySaving = (a: Placeable, b: Placeable) => a.savedAt.localeCompare(b.savedAt) || a.id.localeCompare(b.id)
  const dated = memories
    .map((memory) => ({ memory, key: storedDateSortKey(memory.eventDate) }))
    .filter((item): item is { memory: Memory; key: number } => item.key !== null)
    .sort((a, b) => a.key - b.key || bySaving(a.memory, b.memory))
  const undated = memories.filter((memory) => storedDateSortKey(memory.eventDate) === null).sort(bySaving)

  const chapters: StoryChapter<Memory>[] = []
  for (const { memory, key } of dated) {
    const year = yearOfKey(key)
    const kind: StoryChapterKind = birthYear === null ? { kind: 'decade', decade: Math.floor(year / 10) * 10 } : { kind: 'stage', stage: lifeStageAt(year - birthYear) }
    const id = kind.kind === 'stage' ? kind.stage : `decade-${kind.kind === 'decade' ? kind.decade : ''}`
    const last = chapters.at(-1)
    if (last?.id === id) last.memories.push(memory)
    else chapters.push({ ...kind, id, memories: [memory] })
  }
  if (undated.length > 0) chapters.push({ kind: 'undated', id: 'undated', memories: undated })
  return chapters
}
