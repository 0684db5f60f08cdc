/**
 * Dates as families and genealogists write them: "hacia 1920", "antes del 17 de mayo de 1948",
 * "BET 1920 AND 1925", "poco después de la guerra". The structured value (`GenealogyDate`, in
 * date-point.ts) is what the text means; a text that means no date we understand stays a
 * phrase, word for word, so nothing typed is lost. Everything here is pure: no clock (callers
 * pass today), no Intl (see words.ts).
 */

export type { DatePoint, GenealogyDate, StructuredGenealogyDate } from './date-point.ts'
export { formatGenealogyDate, formatGenealogyDateInSentence } from './format.ts'
export { fromGedcomDate, toGedcomDate, type GedcomDate, type GedcomVersion } from './gedcom.ts'
export { parseGenealogyDate } from './parse.ts'
export { compareGenealogyDates, genealogyDateSortKey, isCertainlyBefore } from './sort.ts'
export { isExactCalendarDate, serializeGenealogyDate, toCalendarDate } from './storage.ts'
export { genealogyDateMaxLength, validateGenealogyDate, type GenealogyDateIssue } from './validate.ts'
export {
  asStoredDate,
  asStoredDateOrNull,
  formatStoredDate,
  formatStoredDateInSentence,
  formatStoredDateShort,
  readStoredDate,
  storedDateSortKey,
  storedDateText,
  type StoredGenealogyDate,
} from './stored.ts'
