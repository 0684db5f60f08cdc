import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import {
  genealogyDateSortKey,
  readStoredDate,
  serializeGenealogyDate,
  storedDateText,
  validateGenealogyDate,
  type GenealogyDate,
  type GenealogyDateIssue,
  type StoredGenealogyDate,
} from '../../../shared/genealogy-date/index.ts'
import type { FieldErrorCode } from '../../../shared/errors.ts'
import type { Language } from '../../../shared/limits.ts'

// Dates arrive as people write them, in their language; they are stored in genealogy-date's one
// language-free form, which any reader parses back to the same value.

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

/** A date the rules refused, kept word for word as a phrase so an import loses nothing. */
export const asPhrase = (text: string): StoredGenealogyDate => serializeGenealogyDate({ kind: 'phrase', text: text.trim() })

/** The stored form read back (any language reads it the same). */
export const storedValue = (stored: StoredGenealogyDate | null): GenealogyDate | null => readStoredDate(stored)

export const sortKeyOf = (stored: StoredGenealogyDate | null): number | null => {
  const value = storedValue(stored)
  return value && genealogyDateSortKey(value)
}

/**
 * `readWrittenDate`, `storedValue` and `sortKeyOf` with memory, for a batch: a family's file
 * repeats its dates ("1850", "ABT 1900"), and each date is read once instead of once per use.
 */
export function createDateReader(language: Language) {
  const written = new Map<string, WrittenDate>()
  const values = new Map<string, GenealogyDate | null>()
  const valueOf = (stored: StoredGenealogyDate | null): GenealogyDate | null => {
    if (stored === null) return null
    const key = storedDateText(stored)
    let value = values.get(key)
    if (value === undefined) values.set(key, (value = storedValue(stored)))
    return value
  }
  return {
    read(text: string): WrittenDate {
      let date = written.get(text)
      if (!date) {
        written.set(text, (date = readWrittenDate(text, language)))
        // The stored form reads back as the value it was written from: no second parse for its sort key.
        if (date.stored && !values.has(storedDateText(date.stored))) values.set(storedDateText(date.stored), date.value)
      }
      return date
    },
    valueOf,
    sortKeyOf: (stored: StoredGenealogyDate | null): number | null => {
      const value = valueOf(stored)
      return value && genealogyDateSortKey(value)
    },
  }
}
export type DateReader = ReturnType<typeof createDateReader>
