import { foldText } from './fold.ts'

/** A word of a text: folded for comparing, and whether it was written with a capital. */
interface Word {
  folded: string
  isCapitalized: boolean
}

const wordPattern = /[\p{L}\p{N}]+/gu

/** The words of a text, in order: runs of letters and digits, as `wholeWords` and `namesIn` see them. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = []
  for (const [word] of text.matchAll(wordPattern)) {
    const first = word[0] ?? ''
    words.push({ folded: foldText(word), isCapitalized: first !== first.toLowerCase() })
  }
  return words
}

/** The first word of a text, folded, as `wordsOf` reads it: the word a term is indexed by. */
export function firstWordOf(text: string): string {
  const [first] = text.match(wordPattern) ?? []
  return first === undefined ? '' : foldText(first)
}

export interface Term<Key> {
  key: Key
  /** As written («Pasto», «Aurora Ordóñez»): compared word by word, case and accents aside. */
  text: string
  /**
   * Found only where its first word begins with a capital: «Pasto» the town, not «el pasto» of a
   * field; «Peña» the village, not «me dio pena».
   */
  needsCapital?: boolean
}

/**
 * Finds many terms in many texts at the cost of reading each text once: terms are indexed by
 * their first folded word, so a tree of thousands of names and places does not mean thousands of
 * patterns tried on every text.
 */
export function createTermFinder<Key>(terms: readonly Term<Key>[]): (text: string) => Set<Key> {
  const byFirstWord = new Map<string, { key: Key; words: string[]; needsCapital: boolean }[]>()
  for (const term of terms) {
    const words = wordsOf(term.text).map((word) => word.folded)
    const first = words[0]
    if (first === undefined) continue
    const entries = byFirstWord.get(first) ?? []
    entries.push({ key: term.key, words, needsCapital: term.needsCapital ?? false })
    byFirstWord.set(first, entries)
  }
  return (text) => {
    const found = new Set<Key>()
    const words = wordsOf(text)
    words.forEach((word, index) => {
      for (const entry of byFirstWord.get(word.folded) ?? []) {
        if (entry.needsCapital && !word.isCapitalized) continue
        if (entry.words.every((part, offset) => words[index + offset]?.folded === part)) found.add(entry.key)
      }
    })
    return found
  }
}
