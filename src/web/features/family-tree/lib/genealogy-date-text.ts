import { isCertainlyBefore, type GenealogyDate } from '../../../../shared/genealogy-date/index.ts'

// Stored dates are shown with the shared formatter (`formatStoredDate` and its short and
// in-sentence forms); what stays here is the form's own check of two dates it is given.

/** The end is surely before the start ("about" and phrases never are): a death before the birth, a divorce before the wedding. */
export function endsBeforeItStarts(start: GenealogyDate | null, end: GenealogyDate | null): boolean {
  return start !== null && end !== null && isCertainlyBefore(end, start)
}
