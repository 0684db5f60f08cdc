import { formatGenealogyDate, genealogyDateSortKey, isCertainlyBefore, parseGenealogyDate, type GenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import { defaultLanguage, isLanguage, type Language } from '../../../../shared/limits.ts'

// The server stores a date as written in one language-free form ("ABT 1920", "1948-05-17",
// "(poco después de la guerra)"); every reader sees it in their own language.

/** The page's language as one of the three the dates are written in. */
export function readerLanguage(language: string | undefined): Language {
  const base = language?.slice(0, 2)
  return isLanguage(base) ? base : defaultLanguage
}

/** A stored date in the reader's words: "hacia 1920", "circa 1920", "vers 1920", "17 de mayo de 1948". */
export function dateText(stored: string | null | undefined, language: Language): string {
  const value = stored ? parseGenealogyDate(stored) : null
  return value ? formatGenealogyDate(value, language) : ''
}

/** What a small box has room for: the year of a plain date, the words of any other ("hacia 1920"). */
export function shortDateText(stored: string | null | undefined, language: Language): { text: string; isYear: boolean } | undefined {
  const value = stored ? parseGenealogyDate(stored) : null
  if (!value) return undefined
  if (value.kind === 'date' && !value.phrase && !value.date.bc && !value.date.dualYear) return { text: String(value.date.year), isYear: true }
  return { text: formatGenealogyDate(value, language), isYear: false }
}

/** The end is surely before the start ("about" and phrases never are): a death before the birth, a divorce before the wedding. */
export function endsBeforeItStarts(start: GenealogyDate | null, end: GenealogyDate | null): boolean {
  return start !== null && end !== null && isCertainlyBefore(end, start)
}

/** The sort key of a stored date, for members built without the one the server derives. */
export function storedSortKey(stored: string | null | undefined): number | null {
  const value = stored ? parseGenealogyDate(stored) : null
  return value && genealogyDateSortKey(value)
}
