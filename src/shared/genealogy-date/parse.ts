import { defaultLanguage, type Language } from '../limits.ts'
import { makePoint, type Calendar, type DatePoint, type GenealogyDate, type StructuredGenealogyDate } from './date-point.ts'
import { parsePoint, wordTokens } from './parse-point.ts'
import { calendarByWord, expandContractions, normalize, onePointForms, qualifierByWord, qualifierSuffix, stripArticle, twoPointForms } from './parse-vocabulary.ts'

/**
 * Reads what a person typed (in `language`, or any of the three) or a GEDCOM 5.5.1 / 7.0 date
 * value. Blank text gives null; text that is no date we can read gives a `phrase` with the text
 * as written (trimmed). Never throws. `language` only decides numeric dates: "05/06/1948" is
 * 5 June in es and fr; in en it is May 6, unless the first number is over 12 ("17/05/1948").
 */
export function parseGenealogyDate(text: string, language: Language = defaultLanguage): GenealogyDate | null {
  if (typeof text !== 'string') return null
  const original = text.trim()
  if (!original) return null

  // GEDCOM's interpreted date, "INT <date> (<phrase>)"; we also store any structured value so.
  const interpreted = /^int\s+([^(]*?)\s*\((.*)\)$/is.exec(original)
  if (interpreted) {
    const value = parseStructured(normalize(interpreted[1]!), language, 'gregorian')
    if (value) return withPhrase(value, interpreted[2]!.trim())
  }

  // Trailing "(…)" groups, right to left: the wording that came with the date, then a qualifier
  // and a calendar the formatter writes after the date ("1648 (juliano) (estimado)").
  let rest = original
  let phrase: string | undefined
  let qualifier: 'estimated' | 'calculated' | undefined
  let calendar: Calendar | undefined
  for (let i = 0; i < 3; i++) {
    const group = trailingGroup(rest)
    if (!group || !group.inner.trim()) break
    const word = normalize(group.inner)
    if (!qualifier && qualifierByWord.has(word)) qualifier = qualifierByWord.get(word)
    else if (!calendar && calendarByWord.has(word)) calendar = calendarByWord.get(word)
    else if (i === 0) phrase = group.inner.trim()
    else break
    rest = group.before
  }
  let s = expandContractions(normalize(rest))
  const suffix = qualifier ? null : qualifierSuffix.exec(s)
  if (suffix) {
    qualifier = qualifierByWord.get(suffix[1]!)
    s = s.slice(0, suffix.index)
  }
  let value = parseStructured(s, language, calendar ?? 'gregorian')
  if (value && qualifier) value = value.kind === 'date' ? { kind: qualifier, date: value.date } : null
  if (value) return phrase ? withPhrase(value, phrase) : value

  // GEDCOM's date phrase "(…)": its text is what is inside.
  if (original.startsWith('(') && original.endsWith(')')) {
    const inner = original.slice(1, -1).trim()
    return inner ? { kind: 'phrase', text: inner } : null
  }
  return { kind: 'phrase', text: original }
}

const withPhrase = (value: StructuredGenealogyDate, phrase: string): StructuredGenealogyDate => (phrase ? { ...value, phrase } : value)

/** The last balanced "(…)" of `text` and what comes before it, if `text` ends with one. */
function trailingGroup(text: string): { inner: string; before: string } | null {
  if (!text.endsWith(')')) return null
  let depth = 0
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++
    else if (text[i] === '(' && --depth === 0) return { inner: text.slice(i + 1, -1), before: text.slice(0, i).trimEnd() }
  }
  return null
}

/** A normalized text as a structured value, or null. */
function parseStructured(s: string, language: Language, calendar: Calendar): StructuredGenealogyDate | null {
  // No date is this long; bounding the input keeps the split search below cheap.
  if (!s || s.length > 100) return null
  for (const form of twoPointForms) {
    const body = form.opening.exec(s)?.[1]
    if (!body) continue
    for (const separator of body.matchAll(form.separator)) {
      const pair = parsePair(body.slice(0, separator.index), body.slice(separator.index + separator[0].length), language, calendar)
      if (pair) return { kind: form.kind, from: pair[0], to: pair[1] }
    }
  }
  // "1920-1925": a birth written as a span of years means somewhere between them.
  const span = /^(\d{3,4}) ?- ?(\d{3,4})$/.exec(s)
  if (span) {
    const from = makePoint(Number(span[1]), undefined, undefined, { calendar })
    const to = makePoint(Number(span[2]), undefined, undefined, { calendar })
    if (from && to && from.year < to.year) return { kind: 'between', from, to }
  }
  for (const { role, pattern } of onePointForms) {
    const body = pattern.exec(s)?.[1]
    const date = body === undefined ? null : parsePoint(body, language, calendar)
    if (!date) continue
    if (role === 'since') return { kind: 'period', from: date }
    if (role === 'until') return { kind: 'period', to: date }
    return { kind: role, date }
  }
  const date = parsePoint(s, language, calendar)
  return date ? { kind: 'date', date } : null
}

/** Two ends; the first may borrow what it leaves out from the second ("entre el 1 y el 3 de mayo de 1948"). */
function parsePair(first: string, second: string, language: Language, calendar: Calendar): [DatePoint, DatePoint] | null {
  const to = parsePoint(second, language, calendar)
  if (!to) return null
  const from = parsePoint(first, language, calendar) ?? borrowFrom(first, to)
  return from ? [from, to] : null
}

function borrowFrom(text: string, full: DatePoint): DatePoint | null {
  const tokens = wordTokens(stripArticle(text.trim()))
  if (!tokens) return null
  const [a, b] = tokens
  let day: number | undefined
  let month: number | undefined
  if (tokens.length === 1 && a?.month) month = a.month
  else if (tokens.length === 1 && a?.digits && a.digits <= 2) day = a.number
  else if (tokens.length === 2 && a?.digits && a.digits <= 2 && b?.month) [day, month] = [a.number, b.month]
  else if (tokens.length === 2 && a?.month && b?.digits && b.digits <= 2) [day, month] = [b.number, a.month]
  else return null
  month ??= full.month
  if (month === undefined) return null
  return makePoint(full.year, month, day, { bc: full.bc, dualYear: full.dualYear, calendar: full.calendar ?? 'gregorian' })
}
