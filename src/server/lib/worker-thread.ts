import { stat } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { reviveAppError } from './app-error.ts'

// Under tsx and vitest the sources are TypeScript, and a worker needs tsx to load them; the built
// server runs the compiled JavaScript as it is.
const isTypeScript = import.meta.url.endsWith('.ts')

/** A nice value of 10 gets about a tenth of the CPU a thread of 0 wants, when both want it. */
const backgroundNice = 10

/**
 * Lowers the priority of the calling thread, for a worker doing long work (reading a GEDCOM file,
 * packing an export): on a busy machine the request thread gets the CPU first, and the work takes
 * what is left. Linux keeps a nice value per thread; elsewhere the call would lower the whole
 * process, so there the work runs at the server's own priority.
 */
export function lowerThisThreadsPriority(): void {
  if (process.platform !== 'linux') return
  try {
    setPriority(backgroundNice)
  } catch {
    // Not allowed here (a sandbox): the work runs at the server's priority, as before.
  }
}

/**
 * Starts libuv's pool of threads (file calls, compression) from the calling thread, if no call has
 * yet. Threads take the priority of the thread that starts them: started from the request thread
 * before a lowered worker exists, the pool never becomes a child of that worker and never runs
 * everyone's file calls at its lower priority.
 */
export async function startThreadPoolHere(): Promise<void> {
  await stat(import.meta.dirname)
}

/** What one worker thread may take, and what stops it. */
export interface WorkerLimits {
  /** Its heap: the work runs there, bounded, and its memory is freed when it ends. */
  memoryMb: number
  timeoutMs?: number
  /** Stops the worker (a job cancelled or past its own timeout). */
  signal?: AbortSignal
}

export interface WorkerRun<T> extends WorkerLimits {
  /** The worker's module as a TypeScript source beside its caller: `new URL('./x.worker.ts', import.meta.url)`. */
  entry: URL
  /** Under TypeScript, a JavaScript file holding the worker and all it imports, started instead of tsx (the tests compile one). */
  compiledEntry?: string
  workerData: unknown
  /** Each message from the worker; what it returns ends the run with that value. */
  onMessage(message: never, worker: Worker): { result: T } | undefined
  /** The error a run ends with when it took longer than `timeoutMs`, or needed more heap than `memoryMb`. */
  tooLong?(): Error
  tooLarge?(): Error
  /** Named in the error of a worker that ended without an answer. */
  name: string
}

/** Starts the module `entry` names on a worker thread, from the sources under tsx and from the compiled server as it is. */
export function startWorker(entry: URL, options: WorkerOptions & { compiledEntry?: string }): Worker {
  const { compiledEntry, ...workerOptions } = options
  if (isTypeScript && compiledEntry) return new Worker(compiledEntry, workerOptions)
  // Node 20 loads a worker's entry file before tsx's hooks are in place: under tsx, the entry
  // registers them first, then imports the worker.
  if (isTypeScript) return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}) })`, { eval: true, ...workerOptions })
  return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), workerOptions)
}

/**
 * Runs a worker to its answer: its heap bounded, stopped (terminated) on a timeout or an abort, and
 * any error it ends with rejected once.
 */
export function runWorker<T>(run: WorkerRun<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(run.signal.reason as Error)
    const worker = startWorker(run.entry, {
      compiledEntry: run.compiledEntry,
      workerData: run.workerData,
      resourceLimits: { maxOldGenerationSizeMb: run.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(run.memoryMb / 16))) },
    })
    let settled = false
    const settle = (error: Error | undefined, value?: T) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      run.signal?.removeEventListener('abort', onAbort)
      if (error) {
        void worker.terminate()
        reject(error)
      } else resolve(value as T)
    }
    const timer = run.timeoutMs === undefined ? undefined : setTimeout(() => settle(run.tooLong?.() ?? new Error(`${run.name} took more than ${run.timeoutMs} ms`)), run.timeoutMs)
    const onAbort = () => settle(run.signal!.reason as Error)
    run.signal?.addEventListener('abort', onAbort, { once: true })
    worker.on('message', (message: unknown) => {
      if (settled) return
      try {
        const answer = run.onMessage(message as never, worker)
        if (answer) settle(undefined, answer.result)
      } catch (error) {
        settle(error as Error)
      }
    })
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(run.tooLarge?.() ?? new Error(`${run.name} needed more than ${run.memoryMb} MB`))
      else settle(reviveAppError(error))
    })
    worker.once('exit', (code) => settle(new Error(`${run.name} stopped with code ${code}`)))
  })
}
