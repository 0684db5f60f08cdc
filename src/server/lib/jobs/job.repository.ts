import type { Kysely, Selectable } from 'kysely'
import { withOwnerHeld } from '../../db/owner-lock.ts'
import type { Database } from '../../db/schema.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import type { JobStatus, JobTable } from './job.tables.ts'

export type JobRow = Selectable<JobTable>

/** A job as its owner and its feature see it. */
export interface JobView {
  id: string
  kind: string
  status: JobStatus
  progress: number
  result: unknown
  errorCode: string | null
  createdAt: string
  updatedAt: string
}

const unfinished: JobStatus[] = ['queued', 'running']

export const isFinished = (status: JobStatus) => !unfinished.includes(status)

/**
 * A running job whose heartbeat has been quiet this long lost its instance (a crash, a restart):
 * it answers as failed, `job.interrupted`, until another instance takes it up again.
 */
export function viewOf(row: JobRow, staleAfterMs: number, now = Date.now()): JobView {
  const beat = row.heartbeatAt === null ? undefined : Date.parse(toIsoString(row.heartbeatAt))
  const isStale = row.status === 'running' && (beat === undefined || now - beat > staleAfterMs)
  return {
    id: row.id,
    kind: row.kind,
    status: isStale ? 'failed' : row.status,
    progress: row.progress,
    result: row.result === null ? null : JSON.parse(row.result),
    errorCode: isStale ? 'job.interrupted' : row.errorCode,
    createdAt: toIsoString(row.createdAt),
    updatedAt: toIsoString(row.updatedAt),
  }
}

/** The owner's jobs of `kind` not yet ended, a running one counted only while its instance is heard from. */
async function countUnfinished(db: Kysely<Database>, ownerUserId: string, kind: string, staleAfterMs: number): Promise<number> {
  const heardSince = new Date(Date.now() - staleAfterMs).toISOString()
  const row = await db
    .selectFrom('job')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('ownerUserId', '=', ownerUserId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('heartbeatAt', '>=', heardSince)])]))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The runner's rows. Owner-facing reads filter by owner; the runner itself reads by id. */
export function createJobRepository(db: Kysely<Database>) {
  return {
    /** The owner's jobs of `kind` not yet ended: a quick look, which a job written meanwhile elsewhere may outdate. */
    countUnfinished: (ownerUserId: string, kind: string, staleAfterMs: number) => countUnfinished(db, ownerUserId, kind, staleAfterMs),

    /**
     * Writes a queued job unless its owner already has `cap` of its kind unfinished; false when
     * refused. The count and the write are one step for the owner (`withOwnerHeld`): of jobs asked
     * for together, on any instances, exactly those within the cap are written.
     */
    createWithin(cap: number, staleAfterMs: number, job: { id: string; ownerUserId: string; kind: string; input: unknown; inputKey: string | null }): Promise<boolean> {
      return withOwnerHeld(db, job.ownerUserId, async (trx) => {
        if ((await countUnfinished(trx, job.ownerUserId, job.kind, staleAfterMs)) >= cap) return false
        const now = nowIso()
        await trx
          .insertInto('job')
          .values({
            ...job,
            input: JSON.stringify(job.input),
            status: 'queued',
            progress: 0,
            result: null,
            errorCode: null,
            attempts: 0,
            cancelRequestedAt: null,
            heartbeatAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute()
        return true
      })
    },

    find: (id: string) => db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst(),

    findOwned: (ownerUserId: string, id: string) => db.selectFrom('job').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst(),

    /** Marks the job running on this instance; undefined when it has ended or was cancelled meanwhile. */
    async claim(id: string): Promise<JobRow | undefined> {
      const now = nowIso()
      return db
        .updateTable('job')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), heartbeatAt: now, updatedAt: now }))
        .where('id', '=', id)
        .where('status', 'in', unfinished)
        .where('cancelRequestedAt', 'is', null)
        .returningAll()
        .executeTakeFirst()
    },

    /** The heartbeat of the jobs this instance runs; answers those whose owner asked to cancel them. */
    async beat(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return []
      const rows = await db
        .updateTable('job')
        .set({ heartbeatAt: nowIso() })
        .where('id', 'in', ids)
        .where('status', '=', 'running')
        .returning(['id', 'cancelRequestedAt'])
        .execute()
      return rows.filter((row) => row.cancelRequestedAt !== null).map((row) => row.id)
    },

    async setProgress(id: string, progress: number): Promise<void> {
      await db
        .updateTable('job')
        .set({ progress: Math.round(progress), updatedAt: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute()
    },

    /** Ends a job; a job already ended keeps its first ending. */
    async finish(id: string, ending: { status: Exclude<JobStatus, 'queued' | 'running'>; result?: unknown; errorCode?: string }): Promise<boolean> {
      const done = await db
        .updateTable('job')
        .set({
          status: ending.status,
          updatedAt: nowIso(),
          inputKey: null,
          ...(ending.status === 'done' ? { progress: 100 } : {}),
          ...(ending.result === undefined ? {} : { result: JSON.stringify(ending.result) }),
          ...(ending.errorCode === undefined ? {} : { errorCode: ending.errorCode }),
        })
        .where('id', '=', id)
        .where('status', 'in', unfinished)
        .executeTakeFirst()
      return Number(done.numUpdatedRows) > 0
    },

    /** A queued job ends here and now; a running one is asked to stop (answers its row as it is after the ask). */
    async requestCancel(ownerUserId: string, id: string): Promise<JobRow | undefined> {
      const now = nowIso()
      await db
        .updateTable('job')
        .set({ status: 'cancelled', errorCode: 'job.cancelled', updatedAt: now, inputKey: null })
        .where('ownerUserId', '=', ownerUserId)
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute()
      await db
        .updateTable('job')
        .set({ cancelRequestedAt: now, updatedAt: now })
        .where('ownerUserId', '=', ownerUserId)
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute()
      return db.selectFrom('job').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
    },

    /** Every job not yet ended, oldest first: what an in-process runner takes up again when it starts. */
    listUnfinished: () => db.selectFrom('job').selectAll().where('status', 'in', unfinished).orderBy('createdAt').execute(),

    /** The stored files still named by a job that may run. */
    async liveInputKeys(): Promise<Set<string>> {
      const rows = await db.selectFrom('job').select('inputKey').where('inputKey', 'is not', null).execute()
      return new Set(rows.map((row) => row.inputKey!))
    },
  }
}
export type JobRepository = ReturnType<typeof createJobRepository>
