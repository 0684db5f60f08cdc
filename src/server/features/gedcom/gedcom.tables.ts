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

export interface GedcomImportTables {
  gedcomImport: GedcomImportTable
}
