import type { ColumnType } from 'kysely'
import type { GedcomImportJob } from '../../../shared/contracts/gedcom.ts'

type Instant = ColumnType<Date | string, string, string>

/** One GEDCOM import and how far it has come; kept in the database so every instance can answer. */
export interface GedcomImportTable {
  id: string
  ownerUserId: string
  fileName: string
  status: GedcomImportJob['status']
  progress: number
  /** JSON: the file's counts, once read. */
  counts: string | null
  /** JSON: the final report. */
  report: string | null
  errorCode: string | null
  createdAt: Instant
  updatedAt: Instant
}

/** What an import kept of a person, family or record without showing it, to be written back on export. */
export interface GedcomKeptTable {
  id: string
  ownerUserId: string
  memberId: string | null
  unionId: string | null
  /** `<namespace>:<xref>`: who the row is in its file, for the pointers of kept structures. */
  recordKey: string
  /** JSON: the kept structures (the codec's `GedcomKeptNode[]`). */
  structures: string
}

export interface GedcomImportTables {
  gedcomImport: GedcomImportTable
  gedcomKept: GedcomKeptTable
}
