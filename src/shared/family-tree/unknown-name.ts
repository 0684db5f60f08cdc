/** Spaces around are allowed by the pattern itself: a trim of each of 100,000 names made garbage at every pass of a list. */
const unknownNamePart = /^\s*(_{2,}|n\.\s*n\.?)\s*$/i

/**
 * Whether a name part stands for one nobody knows, as genealogy programs write it: a run of
 * underscores ("____", "_____": GEDCOM's blanks) or "N.N." (nomen nescio, which the GEDCOM import
 * writes for an empty part, since the member form needs both names). Stored as written; only its
 * display and its place in lists change.
 */
export function isUnknownNamePart(part: string): boolean {
  return unknownNamePart.test(part)
}
