import { isCalendarDate } from '../calendar-date.ts'
import type { GenealogyDate } from '../genealogy-date/date-point.ts'
import { readStoredDate, type StoredGenealogyDate } from '../genealogy-date/stored.ts'

/**
 * Whether a stored date says less than a day, a month or a year for sure: "hacia 1920", "antes de
 * 1948", "entre 1850 y 1860", "de 1920 a 1925", an estimate, a calculation, or a phrase. A plain
 * year ("1920") or month is not approximate: it is exact to what it says.
 */
export function isApproximateDate(stored: StoredGenealogyDate | null | undefined): boolean {
  const value = readStoredDate(stored)
  return value !== null && isApproximate(value)
}

const isApproximate = (value: GenealogyDate) => value.kind !== 'date' || value.phrase !== undefined

/** A Gregorian year, month and day read from a date with no doubt in it, or null. */
function plainPoint(value: GenealogyDate | null): { year: number; month?: number; day?: number; approximate: boolean } | null {
  if (!value || value.kind === 'phrase' || value.kind === 'between' || value.kind === 'period' || value.kind === 'before' || value.kind === 'after') return null
  const { date } = value
  if (date.bc || date.calendar === 'julian' || date.dualYear) return null
  return { year: date.year, ...(date.month ? { month: date.month } : {}), ...(date.day ? { day: date.day } : {}), approximate: isApproximate(value) }
}

/**
 * How old someone born on `birth` was on `event`, in whole years: exact when both dates name a
 * day, approximate ("hacia los 23") when either is a year or a month alone or itself approximate
 * ("hacia 1920"); null when either is a range, open-ended, another calendar or a phrase, or the
 * event comes before the birth.
 */
export function ageAt(birth: StoredGenealogyDate | null | undefined, event: StoredGenealogyDate | null | undefined): { years: number; isApproximate: boolean } | null {
  const from = plainPoint(readStoredDate(birth))
  const to = plainPoint(readStoredDate(event))
  if (!from || !to) return null
  const knowsDays = from.month !== undefined && from.day !== undefined && to.month !== undefined && to.day !== undefined
  let years = to.year - from.year
  if (knowsDays && (to.month! < from.month! || (to.month === from.month && to.day! < from.day!))) years -= 1
  if (years < 0) return null
  return { years, isApproximate: !knowsDays || from.approximate || to.approximate }
}

/** The month and day (`MM-DD`) of a stored date that is one exact Gregorian day, else null. */
export function exactMonthDay(stored: StoredGenealogyDate | string | null | undefined): { year: number; monthDay: string } | null {
  const text = stored as unknown as string | null | undefined
  if (typeof text !== 'string' || !isCalendarDate(text)) return null
  return { year: Number(text.slice(0, 4)), monthDay: text.slice(5) }
}
