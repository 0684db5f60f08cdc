import type { GenealogyDate } from './date-point.ts'
import { gedcomText } from './gedcom.ts'
import { asStoredDate, type StoredGenealogyDate } from './stored.ts'

/** The `YYYY-MM-DD` of a plain Gregorian day (how every date was stored before), or null. */
export function toCalendarDate(value: GenealogyDate | null): string | null {
  if (!value || value.kind !== 'date' || value.phrase) return null
  const { year, month, day, bc, dualYear, calendar } = value.date
  if (!month || !day || bc || dualYear || calendar) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export const isExactCalendarDate = (value: GenealogyDate | null): boolean => toCalendarDate(value) !== null

/**
 * One language-neutral string to store, which `parseGenealogyDate` reads back to the same value
 * in any language: an exact Gregorian day stays `YYYY-MM-DD` (so rows stored before need no
 * migration and still sort as text), a phrase is `(text)`, any other date is its GEDCOM 5.5.1
 * text, with `INT … (phrase)` around it when it carries a phrase.
 */
export function serializeGenealogyDate(value: GenealogyDate): StoredGenealogyDate {
  if (value.kind === 'phrase') return asStoredDate(`(${value.text})`)
  const exact = toCalendarDate(value)
  if (exact) return asStoredDate(exact)
  const text = gedcomText(value, '5.5.1', { isStored: true })
  return asStoredDate(value.phrase ? `INT ${text} (${value.phrase})` : text)
}
