import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import { AppError, notFound } from '../app-error.ts'
import { newId } from '../ids.ts'
import type { JobQueue } from './job-queue.ts'
import { isFinished, viewOf, type JobRepository, type JobRow, type JobView } from './job.repository.ts'

/** What a handler is given while its job runs. */
export interface RunningJob<Input> {
  id: string
  ownerId: string
  input: Input
  /** 1 on the first delivery; more when an instance stopped part way and another took the job up. */
  attempt: number
  /** Aborted on the wall-clock timeout, a cancellation or the server stopping: the handler stops its work. */
  signal: AbortSignal
  setProgress(progress: number): Promise<void>
  /** The job's file, brought from storage to a private file on this machine (removed when the job ends here). */
  inputFile(): Promise<string>
}

/** How a job ended, for the feature that keeps a view of its own. */
export interface EndedJob {
  id: string
  ownerId: string
  status: 'done' | 'failed' | 'cancelled'
  errorCode: string | null
}

export interface JobKind<Input> {
  name: string
  run(job: RunningJob<Input>): Promise<unknown>
  /** Jobs of this kind one person may have queued or running at once. */
  perPerson: number
  /** The longest one run may take; then it stops and fails with `job.timed_out`. */
  timeoutMs: number
  /** Runs after a first one whose instance stopped part way. 0 for work that is not safe to repeat. */
  retries: number
  /** Called once a job ends other than by its handler's answer (timeout, cancellation, failure, a lost instance). */
  onEnded?(job: EndedJob): Promise<void>
}

interface Logger {
  error(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface JobRunnerOptions {
  repo: JobRepository
  queue: JobQueue
  storage: ObjectStorage
  /** Where a job's file is brought to while it runs on this instance. */
  workDir: string
  /** How often a running job's heartbeat is written and cancellations are looked for. */
  pollMs?: number
  /** A running job not heard from for this long lost its instance. */
  staleAfterMs?: number
  /** A delivery counts as lost this long after its timeout (the queue then offers it again). */
  expiryGraceMs?: number
  /** The in-process queue cannot rely on another instance: at start it takes up the jobs left unfinished. */
  recoverAtStart: boolean
  log: Logger
  /** Called after each job ends: a job may have written a tree of 100,000 people. */
  afterEach?: () => void
}

const inputPrefix = 'jobInputs/'

class JobStop extends Error {
  constructor(
    readonly code: 'job.timed_out' | 'job.cancelled' | 'shutdown',
    message: string,
  ) {
    super(message)
    this.name = 'JobStop'
  }
}

/**
 * The one runner of long work (docs/architecture.md#jobs). Features register a kind; a job is a row
 * in `job` (status, progress, result) and a delivery on the queue. Caps: `perPerson` jobs of a
 * kind per person (counted in the database, so across instances), and the queue's concurrency per
 * instance. Every run has a wall-clock timeout and can be cancelled from any instance.
 */
export function createJobRunner({
  repo,
  queue,
  storage,
  workDir,
  pollMs = 1_000,
  staleAfterMs = 60_000,
  expiryGraceMs = 60_000,
  recoverAtStart,
  log,
  afterEach,
}: JobRunnerOptions) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's input is its own
  const kinds = new Map<string, JobKind<any>>()
  const running = new Map<string, AbortController>()
  const endedHere = new Map<string, () => void>()
  let poller: NodeJS.Timeout | undefined
  let isHalted = false

  // One delivery more than the kind's retries: a job lost with no run left is delivered once more
  // only to be ended here as interrupted, and its feature told.
  const delivery = (kind: JobKind<unknown>) => ({ retries: kind.retries + 1, expireAfterMs: kind.timeoutMs + expiryGraceMs })

  async function poll() {
    try {
      const cancelled = await repo.beat([...running.keys()])
      for (const id of cancelled) running.get(id)?.abort(new JobStop('job.cancelled', 'The job was cancelled'))
    } catch (error) {
      log.warn({ err: error }, 'the job heartbeat could not be written')
    }
  }

  async function end(row: JobRow, ending: { status: EndedJob['status']; result?: unknown; errorCode?: string }, tellKind: boolean) {
    if (isHalted) return
    const isFirst = await repo.finish(row.id, ending)
    if (row.inputKey) await storage.delete(row.inputKey).catch((error: unknown) => log.warn({ err: error, jobId: row.id }, "a job's file could not be removed"))
    if (isFirst && tellKind) {
      await kinds
        .get(row.kind)
        ?.onEnded?.({ id: row.id, ownerId: row.ownerUserId, status: ending.status, errorCode: ending.errorCode ?? null })
        .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'a job kind could not record its ending'))
    }
    endedHere.get(row.id)?.()
    try {
      afterEach?.()
    } catch (error) {
      log.warn({ err: error, jobId: row.id }, 'the work after a job failed')
    }
  }

  async function deliver(jobId: string): Promise<void> {
    const before = await repo.find(jobId)
    const kind = before && kinds.get(before.kind)
    if (!before || !kind || isFinished(before.status)) return
    if (before.status === 'running' && before.attempts > kind.retries) {
      // Delivered again after its instance stopped, with no run left: it ends here.
      await end(before, { status: 'failed', errorCode: 'job.interrupted' }, true)
      return
    }
    const row = await repo.claim(jobId)
    if (!row) return
    const controller = new AbortController()
    running.set(jobId, controller)
    const timer = setTimeout(() => controller.abort(new JobStop('job.timed_out', `The job ran for more than ${kind.timeoutMs} ms`)), kind.timeoutMs)
    const localFiles: string[] = []
    const job: RunningJob<unknown> = {
      id: row.id,
      ownerId: row.ownerUserId,
      input: JSON.parse(row.input),
      attempt: row.attempts,
      signal: controller.signal,
      setProgress: (progress) => (isHalted ? Promise.resolve() : repo.setProgress(row.id, progress)),
      async inputFile() {
        if (!row.inputKey) throw new Error('This job has no file')
        await mkdir(workDir, { recursive: true })
        const file = path.join(workDir, `job-${row.id}-${randomUUID()}`)
        localFiles.push(file)
        await pipeline(await storage.get(row.inputKey), createWriteStream(file, { mode: 0o600 }))
        return file
      },
    }
    const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true }))
    try {
      const result = await Promise.race([kind.run(job), stopped])
      if (controller.signal.aborted) throw controller.signal.reason
      await end(row, { status: 'done', result: result ?? null }, false)
    } catch (error) {
      if (error instanceof JobStop && error.code === 'shutdown') {
        // Work that is safe to repeat is left running, for another instance (or this one's restart) to take up.
        if (row.attempts <= kind.retries) throw error
        await end(row, { status: 'failed', errorCode: 'job.interrupted' }, true)
      } else if (error instanceof JobStop) {
        await end(row, { status: error.code === 'job.cancelled' ? 'cancelled' : 'failed', errorCode: error.code }, true)
      } else {
        if (!(error instanceof AppError)) log.error({ err: error, jobId, kind: kind.name }, 'a job failed')
        await end(row, { status: 'failed', errorCode: error instanceof AppError ? error.code : 'internal' }, true)
      }
    } finally {
      clearTimeout(timer)
      running.delete(jobId)
      for (const file of localFiles) await rm(file, { force: true })
    }
  }

  /** Jobs left by a stopped process, and files left by jobs that ended without removing them. */
  async function recover() {
    for (const row of await repo.listUnfinished()) {
      const kind = kinds.get(row.kind)
      if (!kind) continue
      if (row.cancelRequestedAt !== null) await end(row, { status: 'cancelled', errorCode: 'job.cancelled' }, true)
      else if (row.status === 'running' && row.attempts > kind.retries) await end(row, { status: 'failed', errorCode: 'job.interrupted' }, true)
      else await queue.send(row.id, delivery(kind))
    }
    const live = await repo.liveInputKeys()
    for await (const key of storage.list(inputPrefix)) if (!live.has(key)) await storage.delete(key)
  }

  const runner = {
    register<Input>(kind: JobKind<Input>): void {
      kinds.set(kind.name, kind)
    },

    async start(): Promise<void> {
      if (recoverAtStart) await recover()
      await queue.start(deliver)
      poller = setInterval(() => void poll(), pollMs)
      poller.unref()
    },

    /**
     * Queues a job for `ownerId`, with `file` (a file on this machine, left for the caller to
     * remove) kept in storage where every instance reaches it. `job.too_many` (429) past the kind's
     * cap per person, exactly: of jobs asked for together, on any instances, only those within it
     * are queued.
     */
    async enqueue<Input>(kind: JobKind<Input>, ownerId: string, input: Input, options: { id?: string; file?: string } = {}): Promise<string> {
      const tooMany = () => new AppError('job.too_many', `At most ${kind.perPerson} of these may be under way at once; wait for one to end`, undefined, { 'Retry-After': '60' })
      // A person plainly at their cap is refused before their file is stored; the count that decides
      // is the one taken with the job's write, below.
      if ((await repo.countUnfinished(ownerId, kind.name, staleAfterMs)) >= kind.perPerson) throw tooMany()
      const id = options.id ?? newId()
      let inputKey: string | null = null
      if (options.file) {
        inputKey = `${inputPrefix}${id}`
        if (storage.adoptFile) await storage.adoptFile(inputKey, options.file)
        else await storage.putStream(inputKey, createReadStream(options.file), 'application/octet-stream', (await stat(options.file)).size)
      }
      if (!(await repo.createWithin(kind.perPerson, staleAfterMs, { id, ownerUserId: ownerId, kind: kind.name, input, inputKey }))) {
        // Another of the person's jobs was written meanwhile, here or on another instance.
        if (inputKey) await storage.delete(inputKey).catch((error: unknown) => log.warn({ err: error, jobId: id }, "a refused job's file could not be removed"))
        throw tooMany()
      }
      await queue.send(id, delivery(kind))
      return id
    },

    async find(ownerId: string, id: string): Promise<JobView> {
      const row = await repo.findOwned(ownerId, id)
      if (!row) throw notFound('Job')
      return viewOf(row, staleAfterMs)
    },

    /** Asks the job to stop: a queued one ends at once, a running one within a heartbeat. */
    async cancel(ownerId: string, id: string): Promise<JobView> {
      const row = await repo.requestCancel(ownerId, id)
      if (!row) throw notFound('Job')
      if (row.status === 'cancelled') {
        await queue.cancel(id)
        await kinds.get(row.kind)?.onEnded?.({ id, ownerId, status: 'cancelled', errorCode: 'job.cancelled' })
      } else running.get(id)?.abort(new JobStop('job.cancelled', 'The job was cancelled'))
      return viewOf(row, staleAfterMs)
    },

    /** The job once it has ended, wherever it ran. */
    async waitFor(ownerId: string, id: string): Promise<JobView> {
      for (;;) {
        const view = await runner.find(ownerId, id)
        if (isFinished(view.status)) return view
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 250)
          endedHere.set(id, () => {
            clearTimeout(timer)
            endedHere.delete(id)
            resolve()
          })
        })
      }
    },

    /** Stops taking jobs; the ones running here stop as a restart would stop them. */
    async stop(): Promise<void> {
      clearInterval(poller)
      for (const controller of running.values()) controller.abort(new JobStop('shutdown', 'The server is stopping'))
      await queue.stop({ wait: true })
    },

    /** A process that dies: nothing more is written, deliveries under way are left where they are. For tests of another instance taking over. */
    async halt(): Promise<void> {
      isHalted = true
      clearInterval(poller)
      await queue.stop({ wait: false })
    },
  }
  return runner
}
export type JobRunner = ReturnType<typeof createJobRunner>
