export type GedcomWarningCode =
  | 'unknown_charset'
  | 'charset_mismatch'
  | 'invalid_bytes'
  | 'bad_line'
  | 'skipped_level'
  | 'orphan_line'
  | 'conc_in_gedcom7'
  | 'missing_header'
  | 'missing_trailer'
  | 'after_trailer'
  | 'duplicate_xref'
  | 'dangling_pointer'
  | 'one_sided_link'
  | 'duplicate_link'
  | 'too_many_partners'
  | 'unknown_sex'
  | 'unknown_pedigree'
  | 'media_without_file'
  | 'not_writable'

/** A problem the codec stepped around; it never stops an import. `message` is for logs, `code` for the UI. */
export interface GedcomWarning {
  code: GedcomWarningCode
  message: string
  /** 1-based line in the decoded text. */
  line?: number
  xref?: string
}

export type WarningSink = (warning: GedcomWarning) => void

/**
 * Keeps the first `keepPerCode` warnings of each kind and counts the rest: a 100,000-person file
 * with one systematic fault would otherwise carry 100,000 identical messages.
 */
export function createWarningLog(keepPerCode = 50) {
  const warnings: GedcomWarning[] = []
  const counts: Partial<Record<GedcomWarningCode, number>> = {}
  const add: WarningSink = (warning) => {
    const count = (counts[warning.code] ?? 0) + 1
    counts[warning.code] = count
    if (count <= keepPerCode) warnings.push(warning)
  }
  return { add, warnings, counts }
}
export type WarningLog = ReturnType<typeof createWarningLog>
