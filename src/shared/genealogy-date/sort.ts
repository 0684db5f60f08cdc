import { makePoint, type DatePoint, type GenealogyDate } from './date-point.ts'
import { foreignGedcomDate } from './foreign-calendar.ts'

// Positions are ((year × 13 + month) × 32 + day) × 10 + slot, with month 0 for a year alone and
// day 0 for a month alone: only their order means anything. Calendars are not converted, so a
// Julian date sorts by the year, month and day it was written with (at most 13 days off).
export const position = (year: number, month: number, day: number) => (year * 13 + month) * 32 + day
const astronomicalYear = (p: DatePoint) => (p.bc ? 1 - p.year : p.dualYear ? p.year + 1 : p.year)
export const startOf = (p: DatePoint) => position(astronomicalYear(p), p.month ?? 0, p.day ?? 0)
export const endOf = (p: DatePoint) => position(astronomicalYear(p), p.month ?? 12, p.day ?? 31)
/** A year, then "before" and the month, then "before" and each of its days, in order. */
const keyOf = (p: DatePoint) => startOf(p) * 10 + (p.day ? 6 : p.month ? 4 : 2)

/**
 * A number to sort by, or null for a phrase with no year in it. Earlier years first; within a
 * year, the year alone, then each month followed by its days; "before X" just before X; "after X"
 * after the last day X covers (after 1948 comes after 31 December 1948); about, estimated and
 * calculated X as X; "between A and B" and "from A to B" by A ("to B" alone by B); a phrase
 * such as "verano de 1936" as its first year.
 */
export function genealogyDateSortKey(value: GenealogyDate): number | null {
  switch (value.kind) {
    case 'phrase': {
      const foreign = foreignGedcomDate(value.text)
      const year = foreign ? foreign.gregorianYear : Number(/(?<!\d)(\d{3,4})(?!\d)/.exec(value.text)?.[1])
      const date = makePoint(year, undefined, undefined, { calendar: 'gregorian' })
      return date ? keyOf(date) : null
    }
    case 'before':
      return keyOf(value.date) - 1
    case 'after':
      return endOf(value.date) * 10 + 8
    case 'between':
      return keyOf(value.from)
    case 'period':
      return keyOf((value.from ?? value.to)!)
    default:
      return keyOf(value.date)
  }
}

/** For `Array.prototype.sort`: by `genealogyDateSortKey`, dates with no key (and no date) last. */
export function compareGenealogyDates(a: GenealogyDate | null, b: GenealogyDate | null): number {
  const [ka, kb] = [a && genealogyDateSortKey(a), b && genealogyDateSortKey(b)]
  if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1
  return ka - kb
}

/** The first and last positions a value can mean; null where it is open or too vague to say. */
export function boundsOf(value: GenealogyDate, { nominal }: { nominal: boolean }): [number | null, number | null] {
  switch (value.kind) {
    case 'phrase':
      return [null, null]
    case 'about':
    case 'estimated':
      return nominal ? [startOf(value.date), endOf(value.date)] : [null, null]
    case 'before':
      return [null, startOf(value.date) - 0.5]
    case 'after':
      return [endOf(value.date) + 0.5, null]
    case 'between':
      return [startOf(value.from), endOf(value.to)]
    case 'period':
      return [value.from ? startOf(value.from) : null, value.to ? endOf(value.to) : null]
    default:
      return [startOf(value.date), endOf(value.date)]
  }
}

/**
 * True only when every day `a` can mean comes before every day `b` can mean: a death that is
 * surely before the birth. "about" and "estimated" are never sure, phrases neither.
 */
export function isCertainlyBefore(a: GenealogyDate, b: GenealogyDate): boolean {
  const last = boundsOf(a, { nominal: false })[1]
  const first = boundsOf(b, { nominal: false })[0]
  return last !== null && first !== null && last < first
}
