import { pointsOf, yearText, type DatePoint, type GenealogyDate, type StructuredGenealogyDate } from './date-point.ts'
import { foreignGedcomDate } from './foreign-calendar.ts'
import { parseGenealogyDate } from './parse.ts'
import { gedcomMonths } from './words.ts'

export type GedcomVersion = '5.5.1' | '7.0'

/**
 * `date` is the DATE payload. `phrase` is 7.0's PHRASE substructure; in 5.5.1, where a phrase
 * can only sit in `INT <date> (<phrase>)`, it is set for wording the payload cannot carry (a
 * phrase on a range), for the exporter to keep in a NOTE.
 */
export interface GedcomDate {
  date: string
  phrase?: string
}

/**
 * The date as GEDCOM writes it. 7.0 has no dual years: it writes the new-style year and puts
 * the old form in PHRASE, as its spec advises ("30 JAN 1649" + "30 JAN 1648/49").
 */
export function toGedcomDate(value: GenealogyDate, version: GedcomVersion): GedcomDate {
  if (value.kind === 'phrase') {
    const foreign = foreignGedcomDate(value.text)
    if (foreign) return foreign[version] === null ? { date: '', phrase: value.text } : { date: foreign[version] }
    return version === '7.0' ? { date: '', phrase: oneLine(value.text) } : { date: `(${oneLine(value.text)})` }
  }
  const phrase = value.phrase && oneLine(value.phrase)
  const date = gedcomText(value, version)
  if (version === '7.0') {
    if (!pointsOf(value).some((p) => p.dualYear)) return phrase ? { date, phrase } : { date }
    const old = gedcomText(value, '5.5.1')
    return { date, phrase: phrase ? `${old} (${phrase})` : old }
  }
  if (!phrase) return { date }
  return value.kind === 'date' ? { date: `INT ${date} (${phrase})` } : { date, phrase }
}

/**
 * Reads a GEDCOM DATE payload with its 7.0 PHRASE, if any. A PHRASE that is our own 7.0 dual
 * year (its new-style date is the payload) gives the dual-year date back; any other PHRASE is
 * kept, word for word, with the date.
 */
export function fromGedcomDate(date: string, phrase?: string): GenealogyDate | null {
  const wording = phrase?.trim() ?? ''
  const value = parseGenealogyDate(withYearsWrittenOut(date))
  if (!value) return wording ? { kind: 'phrase', text: wording } : null
  if (!wording) return value
  if (value.kind === 'phrase') return { kind: 'phrase', text: `${date.trim()} (${wording})` }
  const written = parseGenealogyDate(withYearsWrittenOut(wording))
  if (written && written.kind !== 'phrase' && pointsOf(written).some((p) => p.dualYear) && gedcomText(written, '7.0') === gedcomText(value, '7.0')) return written
  return { ...value, phrase: wording }
}

/**
 * In a GEDCOM DATE a year is a year, `20` and `46` too. Written out with four digits, the parser
 * reads them as years.
 */
function withYearsWrittenOut(date: string): string {
  // Other calendars' dates are kept as written; a phrase in parentheses is the writer's words.
  if (/FRENCH|HEBREW|ROMAN|UNKNOWN/i.test(date)) return date
  const open = date.indexOf('(')
  const [value, rest] = open === -1 ? [date, ''] : [date.slice(0, open), date.slice(open)]
  return value.replace(earlyYear, (_whole, before: string, year: string) => `${before}${year.padStart(4, '0')}`) + rest
}
// A number the date ends with, or one before AND, TO or an era: the day is the number before a month.
const earlyYear = /(^|\s)(\d{1,2})(?=\s*$|\s+(?:AND|TO)\s|\s*\(?B\.?C|\s+BCE\b)/gi

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ')

/** `isStored`: Legado's stored form, whose years of the first century have four digits (see `yearText`). */
export function gedcomText(value: StructuredGenealogyDate, version: GedcomVersion, options: { isStored?: boolean } = {}): string {
  // Spec 7.0, appendix A: name every calendar once any date of the value is not Gregorian.
  const named = pointsOf(value).some((p) => p.calendar === 'julian')
  const point = (p: DatePoint) => {
    const parts: string[] = []
    if (named) parts.push(version === '7.0' ? (p.calendar?.toUpperCase() ?? 'GREGORIAN') : `@#D${p.calendar?.toUpperCase() ?? 'GREGORIAN'}@`)
    if (p.day) parts.push(String(p.day))
    if (p.month) parts.push(gedcomMonths[p.month - 1]!)
    parts.push(p.dualYear && version === '7.0' ? String(p.year + 1) : yearText(p, { bare: !options.isStored }))
    if (p.bc) parts.push(version === '7.0' ? 'BCE' : 'B.C.')
    return parts.join(' ')
  }
  switch (value.kind) {
    case 'date':
      return point(value.date)
    case 'between':
      return `BET ${point(value.from)} AND ${point(value.to)}`
    case 'period':
      return [value.from && `FROM ${point(value.from)}`, value.to && `TO ${point(value.to)}`].filter(Boolean).join(' ')
    default:
      return `${{ about: 'ABT', calculated: 'CAL', estimated: 'EST', before: 'BEF', after: 'AFT' }[value.kind]} ${point(value.date)}`
  }
}
