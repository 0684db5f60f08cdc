import type { Calendar } from './date-point.ts'
import { gedcomMonths, gedcomWords, words, type DateWords } from './words.ts'

// The parser's view of `words`: every language's words and GEDCOM's, normalized, as lookups and patterns.

/** Lower case, no accents, one kind of apostrophe and dash, single spaces. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Undo the contractions the formatter makes ("del" → "de el", "au" → "a le", "d'avril"). */
export function expandContractions(text: string): string {
  return text
    .replace(/(^| )del(?= )/g, '$1de el')
    .replace(/(^| )al(?= )/g, '$1a el')
    .replace(/(^| )du(?= )/g, '$1de le')
    .replace(/(^| )au(?= )/g, '$1a le')
    .replace(/jusqu'au(?= )/g, "jusqu'a le")
    .replace(/(^| )d'/g, '$1de ')
}

const allWords = (role: keyof DateWords) => {
  const lists = [...Object.values(words).map((w) => w[role]), gedcomWords[role] ?? []] as (readonly string[])[]
  return [...new Set(lists.flat().map(normalize))].sort((a, b) => b.length - a.length)
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** `words` as a regex alternative: a word ending in a letter must be followed by a space or digit. */
const alternatives = (list: readonly string[]) => list.map((w) => escapeRegExp(w) + (/[a-z]$/.test(w) ? '(?:\\s+|(?=\\d))' : '\\s*')).join('|')
const prefixed = (role: keyof DateWords) => new RegExp(`^(?:${alternatives(allWords(role))})(.+)$`)
export const squash = (text: string) => normalize(text).replace(/[\s.-]/g, '')

export const monthByWord = new Map<string, number>()
for (const w of Object.values(words)) {
  w.months.forEach((name, i) => monthByWord.set(normalize(name), i + 1))
  w.monthAbbreviations.forEach((names, i) => names.forEach((name) => monthByWord.set(normalize(name), i + 1)))
}
gedcomMonths.forEach((name, i) => monthByWord.set(name.toLowerCase(), i + 1))

export const beforeChristWords = new Set(allWords('beforeChrist').map(squash))
export const afterChristWords = new Set(allWords('afterChrist').map(squash))
export const calendarByWord = new Map<string, Calendar>([...allWords('julian').map((w) => [w, 'julian'] as const), ...allWords('gregorian').map((w) => [w, 'gregorian'] as const)])
export const qualifierByWord = new Map<string, 'estimated' | 'calculated'>([
  ...allWords('estimated').map((w) => [w, 'estimated'] as const),
  ...allWords('calculated').map((w) => [w, 'calculated'] as const),
])
export const qualifierSuffix = new RegExp(`\\s+(${allWords('estimated').concat(allWords('calculated')).map(escapeRegExp).join('|')})$`)

export const onePointForms = (['since', 'until', 'before', 'after', 'about', 'calculated', 'estimated'] as const).map((role) => ({ role, pattern: prefixed(role) }))
export const twoPointForms = [
  { kind: 'between' as const, opening: prefixed('between'), separator: new RegExp(` (?:${allWords('and').map(escapeRegExp).join('|')}) `, 'g') },
  { kind: 'period' as const, opening: prefixed('from'), separator: new RegExp(` (?:${allWords('to').map(escapeRegExp).join('|')}) `, 'g') },
]
export const fillers = new Set(['de', 'of', 'el', 'le', 'the'])
export const stripArticle = (text: string) => text.replace(/^(?:el|le|the|en|in|on) /, '')
