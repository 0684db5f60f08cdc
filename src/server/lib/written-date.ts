import { todayCalendarDate } from '../../shared/calendar-date.ts'
import { serializeGenealogyDate, validateGenealogyDate, type GenealogyDate, type GenealogyDateIssue, type StoredGenealogyDate } from '../../shared/genealogy-date/index.ts'
import type { FieldErrorCode } from '../../shared/errors.ts'
import type { Language } from '../../shared/limits.ts'

// Dates arrive as people write them, in their language ("hacia 1950", "primavera de 1962"); they
// are stored in genealogy-date's one language-free form, which any reader parses back to the same
// value. A member's dates and a memory's event date are read the same way.

const issueCodes: Record<GenealogyDateIssue, FieldErrorCode> = {
  too_long: 'validation.too_long',
  in_future: 'validation.date_in_future',
  reversed_range: 'member.date_range_reversed',
}

/** `value` is what `stored` reads back as, so a caller that needs it does not parse the date twice. */
export type WrittenDate = { stored: StoredGenealogyDate | null; value: GenealogyDate | null; code?: undefined } | { stored?: undefined; value?: undefined; code: FieldErrorCode }

/** One day of slack, as for every calendar date: a time zone ahead of UTC may already be tomorrow. */
const today = () => todayCalendarDate(new Date(Date.now() + 24 * 60 * 60 * 1000))

/** What to store for a date as written (null for none), or the code of what is wrong with it. */
export function readWrittenDate(text: string | null, language: Language): WrittenDate {
  if (text === null || text.trim() === '') return { stored: null, value: null }
  const { value, issue } = validateGenealogyDate(text, { language, today: today() })
  if (issue) return { code: issueCodes[issue] }
  return { stored: value && serializeGenealogyDate(value), value }
}
