import { genealogyDateSortKey, readStoredDate, serializeGenealogyDate, storedDateText, type GenealogyDate, type StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../shared/limits.ts'
import { readWrittenDate, type WrittenDate } from '../../lib/written-date.ts'

// Dates arrive as people write them, in their language; they are stored in genealogy-date's one
// language-free form, which any reader parses back to the same value (lib/written-date.ts).

export { readWrittenDate, type WrittenDate }

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
