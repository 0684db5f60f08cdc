/** How a job reaches a runner that has room for it: in this process (SQLite) or through PostgreSQL (pg-boss). */
export interface JobQueue {
  /** Starts delivering: `deliver` runs the job and settles when it has ended; it rejects only when the job should be tried again elsewhere. */
  start(deliver: (jobId: string) => Promise<void>): Promise<void>
  /** Hands a new job over. `retries`: deliveries after a first one whose instance stopped; `expireAfterMs`: when a delivery counts as lost. */
  send(jobId: string, options: { retries: number; expireAfterMs: number }): Promise<void>
  /** A queued job that should no longer be delivered. */
  cancel(jobId: string): Promise<void>
  /** Stops taking jobs; `wait` lets the deliveries under way end first. */
  stop(options: { wait: boolean }): Promise<void>
}

/**
 * One process's queue: at most `concurrency` deliveries at once, the rest waiting in order. Jobs
 * handed over live only in the database row until delivered: a restart takes them up again from
 * there (the runner's start), so nothing is lost with the process.
 */
export function createInProcessQueue({ concurrency }: { concurrency: number }): JobQueue {
  const waiting: string[] = []
  const running = new Set<Promise<void>>()
  let deliver: ((jobId: string) => Promise<void>) | undefined
  let isStopped = false

  function pump() {
    while (deliver && !isStopped && running.size < concurrency && waiting.length > 0) {
      const jobId = waiting.shift()!
      const delivery: Promise<void> = deliver(jobId)
        .catch(() => {})
        .finally(() => {
          running.delete(delivery)
          pump()
        })
      running.add(delivery)
    }
  }

  return {
    async start(handler) {
      deliver = handler
      isStopped = false
      pump()
    },
    async send(jobId) {
      if (!waiting.includes(jobId)) waiting.push(jobId)
      pump()
    },
    async cancel(jobId) {
      const at = waiting.indexOf(jobId)
      if (at >= 0) waiting.splice(at, 1)
    },
    async stop({ wait }) {
      isStopped = true
      waiting.length = 0
      if (wait) await Promise.allSettled([...running])
    },
  }
}
