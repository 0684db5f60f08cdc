import { parseGenealogyDate, type GenealogyDate } from '../genealogy-date/index.ts'
import type { Language } from '../limits.ts'
import { followsPart, readPlace, skipSpaces, type AnswerText, type Span } from './answer-text.ts'
import { articles, tradeStops } from './fact-words.ts'

/** What the reader knows besides the words: the language, and the year that gives a two-digit year its century. */
export interface PartContext {
  answer: AnswerText
  language: Language
  birthYear?: number | undefined
  thisYear?: number | undefined
}

export type Part = ({ type: 'date'; value: GenealogyDate } | { type: 'place'; value: string }) & Span

const placePreposition = /(?:en|in|at|a|au|aux|dans)\s+/y
const originPreposition = /(?:en|in|at|a|au|aux|dans|de|desde|from|del|du|d')\s*/y

/**
 * Dates and places that follow one another from `at` ("en Pasto, Nariño, hacia 1931"), until
 * something else starts. A place needs its preposition unless `isBare` (a whole answer "Pasto").
 */
export function readParts(ctx: PartContext, at: number, end: number, options: { isBare?: boolean; allowTwoDigitYear?: boolean } = {}): { parts: Part[]; stop: number } {
  const { text, folded } = ctx.answer
  const parts: Part[] = []
  let stop = at
  let pos = at
  for (;;) {
    pos = skipSpaces(text, pos, end)
    if (parts.length > 0 && text[pos] === ',') pos = skipSpaces(text, pos + 1, end)
    if (pos >= end) break
    const date = readDate(ctx, pos, end, options.allowTwoDigitYear ?? false)
    if (date) {
      parts.push(date)
      stop = pos = date.end
      continue
    }
    const preposition = parts.length === 0 && options.isBare ? originPreposition : placePreposition
    preposition.lastIndex = pos
    const word = preposition.exec(folded)
    if (!word && !(parts.length === 0 && options.isBare)) break
    const placeAt = word ? pos + word[0].length : pos
    const place = readPlace(text, placeAt, end)
    if (!place) break
    parts.push({ type: 'place', value: text.slice(place.start, place.end), start: pos, end: place.end })
    stop = pos = place.end
  }
  return { parts, stop }
}

/** The longest run of words from `at` the genealogy-date parser reads as a date with a year. */
function readDate(ctx: PartContext, at: number, end: number, allowTwoDigitYear: boolean): Part | null {
  const { text } = ctx.answer
  const ends: number[] = []
  const wordEnd = /[\p{L}\p{N}'’.]+/gu
  wordEnd.lastIndex = at
  for (let m = wordEnd.exec(text); m && m.index < end && ends.length < 8; m = wordEnd.exec(text)) {
    // A gap other than spaces and one comma ends the run ("1931; …").
    const gap = text.slice(ends.length ? ends[ends.length - 1]! : at, m.index)
    if (!/^\s*,?\s*$/.test(gap)) break
    ends.push(Math.min(m.index + m[0].replace(/\.+$/, '').length, end))
  }
  for (const stop of ends.reverse()) {
    const words = text.slice(at, stop)
    if (!/\d/.test(words)) continue
    const date = parseDateWords(words, ctx, allowTwoDigitYear)
    if (date) return { type: 'date', value: date, start: at, end: stop }
  }
  return null
}

const twoDigitYear = /(?:(?<!\p{L})(d?el)\s+|['’]|(?<=(?<!\p{L})(?:en|in|of|vers|hacia|around|about|de)\s+))(\d{2})$/iu

function parseDateWords(words: string, ctx: PartContext, allowTwoDigitYear: boolean): GenealogyDate | null {
  let said = words
  const short = twoDigitYear.exec(words)
  if (short) {
    const year = allowTwoDigitYear ? centuryOf(Number(short[2]), ctx) : null
    if (year === null) return null
    said = words.slice(0, short.index) + (short[1]?.toLowerCase() === 'del' ? 'de ' : '') + String(year)
  }
  const date = parseGenealogyDate(said, ctx.language)
  return date && date.kind !== 'phrase' ? date : null
}

/**
 * "En el 50": the one year ending so within a hundred years of the person's birth, and not in the
 * future; with no birth year known the century is a guess, and a guess is no fact.
 */
function centuryOf(twoDigits: number, ctx: PartContext): number | null {
  if (ctx.birthYear === undefined) return null
  let year = Math.floor(ctx.birthYear / 100) * 100 + twoDigits
  if (year < ctx.birthYear) year += 100
  if (ctx.thisYear !== undefined && year > ctx.thisYear) return null
  return year
}

/** A trade right after "trabajaba de", "worked as", "Era": up to four words, none of them a stop, its article left out. */
export function readTrade(ctx: PartContext, at: number, end: number, options: { allowCapital?: boolean } = {}): Span | null {
  const { text, folded } = ctx.answer
  const words = [...folded.slice(0, end).matchAll(/[\p{L}\p{M}'-]+/gu)].filter((w) => w.index >= at)
  if (!words[0] || !/^\s*$/.test(text.slice(at, words[0].index))) return null
  const first = articles.includes(words[0][0]) ? 1 : 0
  let last = -1
  for (let i = first; i < words.length && i - first < 4; i++) {
    const word = words[i]![0]
    if (i > 0 && !/^\s*$/.test(text.slice(words[i - 1]!.index + words[i - 1]![0].length, words[i]!.index))) break
    // "maestra de escuela" keeps its "de"; "costurera de una fábrica" stops before it.
    if (i > first && (word === 'de' || word === 'of')) {
      const next = words[i + 1]?.[0]
      if (!next || articles.includes(next) || tradeStops.has(next)) break
      continue
    }
    if (tradeStops.has(word) || ['de', 'del', 'du', 'of', "d'"].includes(word)) break
    if (/^\p{Lu}/u.test(text[words[i]!.index]!) && !(i === first && options.allowCapital)) break
    last = i
  }
  if (last < first) return null
  const stop = words[last]!.index + words[last]![0].length
  return followsPart(text, stop, end) ? { start: words[first]!.index, end: stop } : null
}

const quoted = /[«“"]\s*([^«»“”"\n]{1,40}?)\s*[»”"]/uy
const capitalized = /(?:(?:[eE]l|[lL]as?|[lL]os|[lL]es?|[tT]he|[lL]['’])\s*)?\p{Lu}[\p{L}\p{M}'’-]*(?:\s+\p{Lu}[\p{L}\p{M}'’-]*){0,2}/uy

/** A nickname as said: «la Nena», "Tata", la Nena. The value leaves the quotation marks out. */
export function readNickname(ctx: PartContext, at: number, end: number): { value: string; span: Span } | null {
  const { text } = ctx.answer
  const pos = skipSpaces(text, at, end)
  quoted.lastIndex = pos
  const q = quoted.exec(text)
  if (q && q.index + q[0].length <= end) return { value: q[1]!.trim(), span: { start: pos, end: pos + q[0].length } }
  capitalized.lastIndex = pos
  const c = capitalized.exec(text)
  if (!c || c.index + c[0].length > end || !followsPart(text, pos + c[0].length, end)) return null
  return { value: c[0], span: { start: pos, end: pos + c[0].length } }
}
