/**
 * Whether a name part stands for one nobody knows, as genealogy programs write it: a run of
 * underscores ("____", "_____": GEDCOM's blanks) or "N.N." (nomen nescio, which the GEDCOM import
 * writes for an empty part, since the member form needs both names). Stored as written; only its
 * display and its place in lists change.
 */
export function isUnknownNamePart(part: string): boolean {
  return /^(_{2,}|n\.\s*n\.?)$/i.test(part.trim())
}
