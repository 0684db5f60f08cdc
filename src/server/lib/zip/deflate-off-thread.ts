import type { Worker } from 'node:worker_threads'
import type { ZipInputFile } from 'fflate'
import { startThreadPoolHere, startWorker } from '../worker-thread.ts'

/** A slice of an entry to deflate; `chunk: null` drops an entry given up part way. */
export interface DeflateRequest {
  id: number
  chunk: Uint8Array | null
  final: boolean
}

/** The deflated bytes of one slice, with the entry's CRC-32 and size so far. */
export interface DeflateReply {
  id: number
  data: Uint8Array<ArrayBuffer>
  final: boolean
  crc: number
  size: number
}

interface DeflateThread {
  worker: Worker
  /** The slice each entry waits for: one at a time per entry, so the worker's memory stays small. */
  waiting: Map<number, (reply: DeflateReply | Error) => void>
}

/** One thread per process packs every export's entries in turn. */
let thread: Promise<DeflateThread> | undefined
let lastId = 0

async function startThread(): Promise<DeflateThread> {
  await startThreadPoolHere()
  const worker = startWorker(new URL('./deflate.worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
  })
  const started: DeflateThread = { worker, waiting: new Map() }
  const fail = (error: Error) => {
    thread = undefined
    for (const settle of started.waiting.values()) settle(error)
    started.waiting.clear()
  }
  worker.on('message', (reply: DeflateReply) => started.waiting.get(reply.id)?.(reply))
  worker.once('error', fail)
  worker.once('exit', () => fail(new Error('The compression thread stopped')))
  // An idle deflate thread keeps no process alive; the downloads it serves do.
  worker.unref()
  return started
}

export interface OffThreadDeflate extends ZipInputFile {
  /** Deflates the next bytes of the entry; settles once their packed bytes were handed to the archive. */
  push(chunk: Uint8Array, final: boolean): Promise<void>
}

/**
 * A zip entry deflated on the deflate thread (deflate.worker.ts), for fflate's `Zip`: the request
 * thread only hands the bytes over and passes the packed bytes on.
 */
export function deflateOffThread(filename: string): OffThreadDeflate {
  const id = (lastId += 1)
  let isEnded = false
  let isTerminated = false
  const entry: OffThreadDeflate = {
    filename,
    compression: 8,
    // fflate's flag for level 6, as its own ZipDeflate writes it.
    flag: 0,
    size: 0,
    crc: 0,
    terminate() {
      isTerminated = true
      if (isEnded) return
      isEnded = true
      void thread?.then(({ worker }) => worker.postMessage({ id, chunk: null, final: true } satisfies DeflateRequest))
    },
    async push(chunk, final) {
      if (isEnded) throw new Error(`The entry ${filename} was already ended`)
      if (final) isEnded = true
      // A thread that could not start is not kept: the next entry tries again.
      const { worker, waiting } = await (thread ??= startThread().catch((error: unknown) => {
        thread = undefined
        throw error
      }))
      // A copy of the slice alone: a view would send its whole underlying buffer along.
      const own = chunk.slice()
      const reply = await new Promise<DeflateReply>((resolve, reject) => {
        waiting.set(id, (answer) => {
          waiting.delete(id)
          if (answer instanceof Error) reject(answer)
          else resolve(answer)
        })
        worker.postMessage({ id, chunk: own, final } satisfies DeflateRequest, [own.buffer])
      })
      // The archive given up meanwhile (a closed download) takes no more bytes.
      if (isTerminated) return
      entry.size = reply.size
      entry.crc = reply.crc
      if (reply.data.length > 0 || final) entry.ondata!(null, reply.data, final)
    },
  }
  return entry
}
