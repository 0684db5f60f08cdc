import { CompiledQuery, type Kysely } from 'kysely'
import PgBoss from 'pg-boss'
import type { JobQueue } from './job-queue.ts'

export interface PgBossQueueOptions {
  /** Legado's own connection (no case plugin): pg-boss runs its SQL through the same pool. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg-boss brings its own SQL
  raw: Kysely<any>
  /** pg-boss's tables live in a schema of their own beside Legado's. */
  schema: string
  /** Deliveries this instance runs at once. */
  concurrency: number
  /** The queue's name: every instance of one Legado uses the same. */
  queueName?: string
  /** How often an idle worker asks for the next job. */
  pollingIntervalSeconds?: number
  /** How often an instance looks for deliveries that expired (their instance stopped). */
  maintenanceIntervalSeconds?: number
}

/**
 * The queue on PostgreSQL: pg-boss, on Legado's own database and pool. A job fetched by an instance
 * that then stops stays `active` until it expires; pg-boss then offers it again (within its
 * retries) to whichever instance asks next.
 */
export function createPgBossQueue({
  raw,
  schema,
  concurrency,
  queueName = 'legado-jobs',
  pollingIntervalSeconds = 2,
  maintenanceIntervalSeconds = 60,
}: PgBossQueueOptions): JobQueue {
  /**
   * pg-boss completes and fails a delivery without awaiting it, so its last statement can still be
   * under way when `stop` returns and the pool closes; `stop` waits for these, and a statement asked
   * for after it (a handler of an abandoned instance timing out) finds the queue closed instead of a
   * destroyed pool.
   */
  const inFlight = new Set<Promise<unknown>>()
  let isClosed = false
  async function executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    if (isClosed) return { rows: [] }
    const query = raw.executeQuery(CompiledQuery.raw(text, values ?? []))
    inFlight.add(query)
    try {
      return { rows: (await query).rows as unknown[] }
    } finally {
      inFlight.delete(query)
    }
  }
  const boss = new PgBoss({
    db: { executeSql },
    schema,
    maintenanceIntervalSeconds,
    // Legado keeps each job's state in its own table; pg-boss's rows are only the delivery.
    deleteAfterDays: 1,
    schedule: false,
  })
  let isStarted = false
  let isAbandoned = false
  /** This instance's pg-boss workers, by id. */
  const workers: string[] = []
  return {
    async start(deliver) {
      boss.on('error', () => {})
      await boss.start()
      isStarted = true
      await boss.createQueue(queueName)
      while (workers.length < concurrency) {
        const worker = await boss.work<{ jobId: string }>(queueName, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
          if (job) await deliver(job.data.jobId)
        })
        workers.push(worker)
      }
    },
    async send(jobId, { retries, expireAfterMs }) {
      await boss.send(queueName, { jobId }, { id: jobId, retryLimit: retries, retryDelay: 0, expireInSeconds: Math.max(1, Math.ceil(expireAfterMs / 1000)) })
      // A job sent here starts here at once when a worker is idle, instead of at its next poll (up
      // to pollingIntervalSeconds later); a busy worker asks again as soon as it is free.
      for (const worker of workers) boss.notifyWorker(worker)
    },
    async cancel(jobId) {
      await boss.cancel(queueName, jobId).catch(() => {})
    },
    async stop({ wait }) {
      if (!isStarted) return
      if (!wait) {
        // As if the process had died: no more fetching, and the job under way is left active for
        // its expiry to hand it to another instance (pg-boss's own non-graceful stop would fail it,
        // which a crash never does).
        await boss.offWork(queueName)
        isAbandoned = true
        return
      }
      isStarted = false
      // `close: false`: the pool is Legado's, closed with its database.
      await boss.stop({ graceful: !isAbandoned, wait: true, close: false, timeout: 30_000 })
      await Promise.allSettled([...inFlight])
      isClosed = true
    },
  }
}
