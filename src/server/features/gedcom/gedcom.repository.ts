import type { Kysely, Selectable } from 'kysely'
import type { GedcomCounts, GedcomImportJob, GedcomImportReport } from '../../../shared/contracts/gedcom.ts'
import type { Database } from '../../db/schema.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { GedcomImportTable } from './gedcom.tables.ts'

type JobRow = Selectable<GedcomImportTable>

/**
 * An import whose instance stopped (a restart, a crash) stops saying anything: after this long
 * without a word it is reported as failed rather than left "in progress" for ever.
 */
export const staleAfterMs = 5 * 60 * 1000

function toJob(row: JobRow, now: number): GedcomImportJob {
  const updatedAt = toIsoString(row.updatedAt)
  const isStale = (row.status === 'queued' || row.status === 'reading' || row.status === 'writing') && now - Date.parse(updatedAt) > staleAfterMs
  return {
    id: row.id,
    fileName: row.fileName,
    status: isStale ? 'failed' : row.status,
    progress: row.progress,
    counts: row.counts === null ? null : (JSON.parse(row.counts) as GedcomCounts),
    report: row.report === null ? null : (JSON.parse(row.report) as GedcomImportReport),
    errorCode: isStale ? 'gedcom.interrupted' : row.errorCode,
    createdAt: toIsoString(row.createdAt),
    updatedAt,
  }
}

export interface JobChanges {
  status?: GedcomImportJob['status']
  progress?: number
  counts?: GedcomCounts
  report?: GedcomImportReport
  errorCode?: string
}

/** Every query is filtered by the owner: another user's import does not exist here. */
export function createGedcomJobRepository(db: Kysely<Database>) {
  return {
    async create(ownerUserId: string, id: string, fileName: string, now: string): Promise<void> {
      await db
        .insertInto('gedcomImport')
        .values({ id, ownerUserId, fileName, status: 'queued', progress: 0, counts: null, report: null, errorCode: null, createdAt: now, updatedAt: now })
        .execute()
    },
    async update(ownerUserId: string, id: string, changes: JobChanges, now: string): Promise<void> {
      await db
        .updateTable('gedcomImport')
        .set({
          updatedAt: now,
          ...(changes.status === undefined ? {} : { status: changes.status }),
          ...(changes.progress === undefined ? {} : { progress: Math.round(changes.progress) }),
          ...(changes.counts === undefined ? {} : { counts: JSON.stringify(changes.counts) }),
          ...(changes.report === undefined ? {} : { report: JSON.stringify(changes.report) }),
          ...(changes.errorCode === undefined ? {} : { errorCode: changes.errorCode }),
        })
        .where('ownerUserId', '=', ownerUserId)
        .where('id', '=', id)
        .execute()
    },
    /** An import that never started (its job was refused). */
    async remove(ownerUserId: string, id: string): Promise<void> {
      await db.deleteFrom('gedcomImport').where('ownerUserId', '=', ownerUserId).where('id', '=', id).execute()
    },
    async find(ownerUserId: string, id: string): Promise<GedcomImportJob | undefined> {
      const row = await db.selectFrom('gedcomImport').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return row && toJob(row, Date.now())
    },
  }
}
export type GedcomJobRepository = ReturnType<typeof createGedcomJobRepository>
