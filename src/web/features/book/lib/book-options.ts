import { bookOptionsSchema, type BookChapter, type BookOptions } from '../../../../shared/contracts/book.ts'
import type { Language } from '../../../../shared/limits.ts'

/** Whose book the author is making: their own life, a relative's, or the whole family's. */
export type BookSubject = 'own' | 'relative' | 'family'

/** The author's choices on the page, always complete: the contract's defaults filled in. */
export type BookChoices = BookOptions

/** A fresh book in `language`: everything in, by stage of life, 6×9 in, links that never expire. */
export function initialChoices(language: Language, memberId?: string): BookChoices {
  // The contract's defaults, filled in once; the member is the tree's own id, taken as it is.
  return { ...bookOptionsSchema.parse({ kind: 'person', language }), memberId }
}

/** The subject the choices describe: a person's book without a person is the author's own. */
export function subjectOf(choices: Pick<BookChoices, 'kind' | 'memberId'>): BookSubject {
  if (choices.kind === 'family') return 'family'
  return choices.memberId ? 'relative' : 'own'
}

/**
 * Choices for another subject. What was left out, placed by hand or retold belongs to the chapters
 * of the book it was chosen in, so a new subject starts those afresh; the print settings stay.
 */
export function withSubject(choices: BookChoices, subject: BookSubject, memberId?: string): BookChoices {
  const fresh = { ...choices, manualOrder: [], excluded: [], retold: [] }
  if (subject === 'family') return { ...fresh, kind: 'family', memberId: undefined }
  return { ...fresh, kind: 'person', memberId: subject === 'relative' ? memberId : undefined }
}

/** Adds `value` when absent, removes it when present. */
export function toggled(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value]
}

/**
 * What the draft is asked with: everything that changes which chapters there are and their order,
 * but not what was left out (the list must still offer it back) nor the dedication (typed
 * letter by letter, it is drawn from the choices themselves).
 */
export function draftRequestOf(choices: BookChoices): BookChoices {
  return { ...choices, excluded: [], dedication: '' }
}

/** The chapters in the author's order: those placed by hand first, the rest as the draft gave them. */
export function inManualOrder(chapters: readonly BookChapter[], manualOrder: readonly string[]): BookChapter[] {
  const byKey = new Map(chapters.map((chapter) => [chapter.key, chapter]))
  const placed = manualOrder.flatMap((key) => byKey.get(key) ?? [])
  const placedKeys = new Set(placed.map((chapter) => chapter.key))
  return [...placed, ...chapters.filter((chapter) => !placedKeys.has(chapter.key))]
}

/** The chapters as the book will order them. */
export function orderedChapters(chapters: readonly BookChapter[], choices: Pick<BookChoices, 'order' | 'manualOrder'>): BookChapter[] {
  return choices.order === 'manual' ? inManualOrder(chapters, choices.manualOrder) : [...chapters]
}

/**
 * The manual order after moving chapter `key` one place up (-1) or down (+1) among `chapters`
 * (already in the author's order): every key is written, so the order no longer depends on the draft's.
 * Unchanged when the chapter is already first or last.
 */
export function movedChapter(chapters: readonly BookChapter[], key: string, step: -1 | 1): string[] {
  const keys = chapters.map((chapter) => chapter.key)
  const from = keys.indexOf(key)
  const to = from + step
  if (from < 0 || to < 0 || to >= keys.length) return keys
  ;[keys[from], keys[to]] = [keys[to]!, keys[from]!]
  return keys
}

/** The chapters with what the author left out taken away, and those left empty dropped: what will be printed. */
export function keptChapters(chapters: readonly BookChapter[], excluded: readonly string[]): BookChapter[] {
  const left = new Set(excluded)
  return chapters.map((chapter) => ({ ...chapter, blocks: chapter.blocks.filter((block) => !left.has(block.id)) })).filter((chapter) => chapter.blocks.length > 0)
}
