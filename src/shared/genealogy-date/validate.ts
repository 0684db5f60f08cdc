import { isCalendarDate } from '../calendar-date.ts'
import type { Language } from '../limits.ts'
import type { GenealogyDate } from './date-point.ts'
import { parseGenealogyDate } from './parse.ts'
import { boundsOf, endOf, position, startOf } from './sort.ts'

/** Longest date text a form accepts; a date, even a phrase, is a line, not a story. */
export const genealogyDateMaxLength = 120

export type GenealogyDateIssue = 'too_long' | 'in_future' | 'reversed_range'

/**
 * Reads a date a person typed and says what a form must refuse: text longer than
 * `genealogyDateMaxLength`, a date that can only be after `today` (`YYYY-MM-DD`, given by the
 * caller: births and deaths have happened), or a range whose end comes before its start.
 */
export function validateGenealogyDate(text: string, options: { language?: Language; today?: string } = {}): { value: GenealogyDate | null; issue: GenealogyDateIssue | null } {
  if (text.trim().length > genealogyDateMaxLength) return { value: null, issue: 'too_long' }
  const value = parseGenealogyDate(text, options.language)
  if (!value) return { value, issue: null }
  if ((value.kind === 'between' || (value.kind === 'period' && value.from && value.to)) && startOf(value.from!) > endOf(value.to!)) {
    return { value, issue: 'reversed_range' }
  }
  if (options.today && isCalendarDate(options.today)) {
    const [y, m, d] = options.today.split('-').map(Number) as [number, number, number]
    const first = boundsOf(value, { nominal: true })[0]
    if (first !== null && first > position(y, m, d)) return { value, issue: 'in_future' }
  }
  return { value, issue: null }
}
