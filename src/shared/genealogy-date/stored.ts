import { defaultLanguage, type Language } from '../limits.ts'
import type { GenealogyDate } from './date-point.ts'
import { formatGenealogyDate, formatGenealogyDateInSentence } from './format.ts'
import { parseGenealogyDate } from './parse.ts'
import { genealogyDateSortKey } from './sort.ts'

declare const storedDateBrand: unique symbol

/**
 * A genealogy date as the database and the API keep it: `1948-05-17`, `ABT 1920`,
 * `BET 1850 AND 1860`, `(poco después de la guerra)`. It is not a string to the type checker, on
 * purpose: such a text is no JavaScript date (`new Date('ABT 1920')` is Invalid Date) and no
 * sentence for a person, so only this module opens it, to read it (`readStoredDate`) or to show
 * it (`formatStoredDate`).
 */
export type StoredGenealogyDate = { readonly [storedDateBrand]: 'StoredGenealogyDate' }

/** Marks text that already is in the stored form: a database row, an API answer, an export. */
export const asStoredDate = (text: string): StoredGenealogyDate => text as unknown as StoredGenealogyDate

export function asStoredDateOrNull(text: string | null): StoredGenealogyDate | null {
  return text === null ? null : asStoredDate(text)
}

/** The text to write in a column or compare as a key. */
export const storedDateText = (stored: StoredGenealogyDate): string => stored as unknown as string

/** What a stored date means, or null when it reads as nothing (an empty text). */
export function readStoredDate(stored: StoredGenealogyDate | null | undefined): GenealogyDate | null {
  return stored === null || stored === undefined ? null : parseGenealogyDate(storedDateText(stored))
}

/**
 * The one way a stored date reaches a person, a page or a model's instruction: "hacia 1920",
 * "circa 1920", "vers 1920", "17 de mayo de 1948"; '' when there is none.
 */
export function formatStoredDate(stored: StoredGenealogyDate | null | undefined, language: Language = defaultLanguage): string {
  const value = readStoredDate(stored)
  return value ? formatGenealogyDate(value, language) : ''
}

/** The stored date after a verb: "nació hacia 1920", "born on May 17, 1948"; '' when there is none. */
export function formatStoredDateInSentence(stored: StoredGenealogyDate | null | undefined, language: Language = defaultLanguage): string {
  const value = readStoredDate(stored)
  return value ? formatGenealogyDateInSentence(value, language) : ''
}

/** What a small box has room for: the year of a plain date, the words of any other ("hacia 1920"). */
export function formatStoredDateShort(stored: StoredGenealogyDate | null | undefined, language: Language): { text: string; isYear: boolean } | undefined {
  const value = readStoredDate(stored)
  if (!value) return undefined
  if (value.kind === 'date' && !value.phrase && !value.date.bc && !value.date.dualYear) return { text: String(value.date.year), isYear: true }
  return { text: formatGenealogyDate(value, language), isYear: false }
}

/** The sort key of a stored date (`genealogyDateSortKey`), null when it has no year. */
export function storedDateSortKey(stored: StoredGenealogyDate | null | undefined): number | null {
  const value = readStoredDate(stored)
  return value && genealogyDateSortKey(value)
}
