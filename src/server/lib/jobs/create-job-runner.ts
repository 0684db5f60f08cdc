import type { DatabaseHandle } from '../../db/database.ts'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import { createInProcessQueue } from './job-queue.ts'
import { createJobRepository } from './job.repository.ts'
import { createJobRunner, type JobRunnerOptions } from './job-runner.ts'
import { createPgBossQueue } from './pg-boss-queue.ts'

export interface JobRunnerSettings {
  /** Jobs this instance runs at once. */
  concurrency: number
  workDir: string
  log: JobRunnerOptions['log']
  pollMs?: number
  staleAfterMs?: number
  expiryGraceMs?: number
  /** PostgreSQL: how often an idle instance asks for work, and looks for deliveries whose instance stopped. */
  pollingIntervalSeconds?: number
  maintenanceIntervalSeconds?: number
  queueName?: string
}

/**
 * The runner for the database in use (ADR 0033): on PostgreSQL, jobs are delivered by pg-boss on the
 * same database, so any instance takes up a job another one lost; on SQLite (one instance) they
 * are delivered in this process, and a restart takes up what the last run left.
 */
export function createJobRunnerFor(database: DatabaseHandle, storage: ObjectStorage, settings: JobRunnerSettings) {
  const isPostgres = database.dialect === 'postgres'
  const queue = isPostgres
    ? createPgBossQueue({
        raw: database.raw,
        // Beside Legado's own schema, so two Legados sharing a database (each in its DATABASE_SCHEMA) keep their queues apart.
        schema: database.schema && database.schema !== 'public' ? `${database.schema}_jobs` : 'pgboss',
        concurrency: settings.concurrency,
        ...(settings.queueName === undefined ? {} : { queueName: settings.queueName }),
        ...(settings.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: settings.pollingIntervalSeconds }),
        ...(settings.maintenanceIntervalSeconds === undefined ? {} : { maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds }),
      })
    : createInProcessQueue({ concurrency: settings.concurrency })
  return createJobRunner({
    repo: createJobRepository(database.db),
    queue,
    storage,
    workDir: settings.workDir,
    recoverAtStart: !isPostgres,
    log: settings.log,
    // An import or a restore changes tables by thousands of rows: the planner's statistics follow.
    afterEach: () => database.refreshStatistics(),
    ...(settings.pollMs === undefined ? {} : { pollMs: settings.pollMs }),
    ...(settings.staleAfterMs === undefined ? {} : { staleAfterMs: settings.staleAfterMs }),
    ...(settings.expiryGraceMs === undefined ? {} : { expiryGraceMs: settings.expiryGraceMs }),
  })
}
