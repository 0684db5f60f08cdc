import type { ColumnType } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

export const jobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const
export type JobStatus = (typeof jobStatuses)[number]

/** One piece of long work and how far it has come; kept in the database so every instance can answer for it. */
export interface JobTable {
  id: string
  ownerUserId: string
  /** The registered kind whose handler runs it (`gedcom-import`, `account-import`). */
  kind: string
  status: JobStatus
  progress: number
  /** JSON: what the handler is given. */
  input: string
  /** The stored object holding the job's file, while the job may still run. */
  inputKey: string | null
  /** JSON: what the handler answered. */
  result: string | null
  errorCode: string | null
  attempts: number
  /** Set when the owner asks to cancel a running job: whichever instance runs it stops it. */
  cancelRequestedAt: Instant | null
  /** Written by the instance running the job; quiet for long, the instance stopped. */
  heartbeatAt: Instant | null
  createdAt: Instant
  updatedAt: Instant
}

export interface JobTables {
  job: JobTable
}
