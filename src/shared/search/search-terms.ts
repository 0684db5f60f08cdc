import { stemmer as englishStem } from '@orama/stemmers/english'
import { stemmer as frenchStem } from '@orama/stemmers/french'
import { stemmer as spanishStem } from '@orama/stemmers/spanish'
import type { Language } from '../limits.ts'
import { foldText } from '../text/fold.ts'

/**
 * The words of a search and what each matches. The index holds the words as written, with case and
 * accents set aside (SQLite's tokenizer, PostgreSQL's unaccent); stemming is done here, once, for
 * both databases: each word of the query becomes a few prefixes (its Snowball stem, the word
 * itself), and a word of the text matches when it starts with one of them. «canciones» and
 * «canción» share the stem «cancion»; the price is that a prefix also finds longer words
 * («cancionero»). The same prefixes mark the words found in what is shown (`matchRanges`).
 */

const stemmers: Record<Language, (word: string) => string> = { es: spanishStem, en: englishStem, fr: frenchStem }

/** A stem shorter than this says too little: «pena» stems to «pen», which would find «pensar». */
const shortestStem = 4
/** Words shorter than this are left out of a search: a one-letter prefix matches almost everything. */
export const shortestSearchWord = 2
/** At most this many words of a query are searched (each one narrows the search). */
export const mostSearchWords = 8

/**
 * Letters that the databases spell out (PostgreSQL's unaccent writes «œ» as «oe»; SQLite keeps it).
 * A word is searched both ways: «sœur» as written and spelled out, and «soeur» (how most people
 * type it) also joined up, or SQLite would not find the «sœur» it keeps.
 */
const ligatures: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' }
const joinedLetters: Record<string, string> = Object.fromEntries(Object.entries(ligatures).map(([letter, spelled]) => [spelled, letter]))

/** A word folded as the index folds it: case and accents aside. */
export function foldSearchWord(word: string): string {
  return foldText(word)
}

function spelledOut(word: string): string {
  return word.replace(/[œæß]/g, (letter) => ligatures[letter] ?? letter)
}

function joinedUp(word: string): string {
  return word.replace(/oe|ae|ss/g, (pair) => joinedLetters[pair] ?? pair)
}

const wordPattern = /[\p{L}\p{N}]+/gu

/** The query's words, folded, each once, in order; too short ones left out. */
export function searchWords(query: string): string[] {
  const words = [...foldSearchWord(query).matchAll(wordPattern)].map((match) => match[0]).filter((word) => word.length >= shortestSearchWord)
  return [...new Set(words)].slice(0, mostSearchWords)
}

/** What one folded word of a query matches, as prefixes of the text's folded words. */
export function wordPrefixes(word: string, language: Language): string[] {
  let stem = foldSearchWord(stemmers[language](word))
  // English stems turn a final y into i («family», «families» → «famili»): the text's «family» has none.
  if (language === 'en' && stem.endsWith('i') && stem.length > shortestStem) stem = stem.slice(0, -1)
  const base = stem.length >= shortestStem ? stem : word
  const prefixes = new Set([base])
  // A stem that is not the start of the word («chevaux» → «cheval») also keeps the word.
  if (!word.startsWith(base)) prefixes.add(word)
  for (const prefix of [...prefixes]) {
    prefixes.add(spelledOut(prefix))
    prefixes.add(joinedUp(prefix))
  }
  return [...prefixes]
}

/** A search: for each word, the prefixes one of which a text must hold (every word must be found). */
export type SearchTerms = string[][]

export function searchTerms(query: string, language: Language): SearchTerms {
  return searchWords(query).map((word) => wordPrefixes(word, language))
}

/** The ranges `[start, end)` of the words of `text` that start with one of the terms' prefixes. */
export function matchRanges(text: string, terms: SearchTerms): [number, number][] {
  const prefixes = terms.flat()
  if (prefixes.length === 0) return []
  const ranges: [number, number][] = []
  for (const match of text.matchAll(wordPattern)) {
    const folded = foldSearchWord(match[0])
    const spelled = spelledOut(folded)
    if (prefixes.some((prefix) => folded.startsWith(prefix) || spelled.startsWith(prefix))) ranges.push([match.index, match.index + match[0].length])
  }
  return ranges
}

/** Some text to show around what was found, and where the found words are in it. */
export interface MarkedText {
  text: string
  matches: [number, number][]
}

/**
 * About `length` characters of `text` around its first match, cut at spaces, with «…» where it was
 * cut; the ranges are those of the excerpt.
 */
export function excerpt(text: string, terms: SearchTerms, length = 220): MarkedText {
  const flat = text.replace(/\s+/g, ' ').trim()
  const all = matchRanges(flat, terms)
  if (flat.length <= length) return { text: flat, matches: all }
  const first = all[0]?.[0] ?? 0
  let start = Math.max(0, first - Math.floor(length / 4))
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    start = space === -1 || space > first ? start : space + 1
  }
  let end = Math.min(flat.length, start + length)
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end)
    if (space > Math.max(start, first)) end = space
  }
  const lead = start > 0 ? '… ' : ''
  const body = flat.slice(start, end)
  const matches = all.filter(([from, to]) => from >= start && to <= end).map(([from, to]): [number, number] => [from - start + lead.length, to - start + lead.length])
  return { text: lead + body + (end < flat.length ? ' …' : ''), matches }
}
