import type { Worker } from 'node:worker_threads'
import { nextTurn } from '../cooperative.ts'
import { reviveAppError } from '../app-error.ts'
import { startThreadPoolHere, startWorker } from '../worker-thread.ts'
import type { GedcomData } from './model.ts'
import type { WriteOptions } from './write.ts'

/** Names the writer compiled to one JavaScript file, which the tests start instead of starting tsx in every writer thread. */
export const compiledWriterVariable = 'LEGADO_TEST_GEDCOM_WRITER'

/** The options a writer thread starts with: everything but the warning callback, which cannot cross threads. */
export type OffThreadWriteOptions = Omit<WriteOptions, 'onWarning'>

export interface WriterData {
  options: OffThreadWriteOptions
  schema: GedcomData['schema']
}

/** The request thread's messages: the model in parts, then one `next` per chunk it wants. */
export type WriterRequest = { kind: 'individuals' | 'families' | 'keptRecords'; items: object[] } | { kind: 'next' }

/** A chunk of the file as UTF-8 bytes (moved, not copied), or the end of it. */
export type WriterReply = { bytes: Uint8Array<ArrayBuffer> } | { done: true }

/**
 * Records per message. Each message is copied on the request thread in one go: a thousand people
 * take a few milliseconds (a family of 100,000 children goes as one, its children a list of strings).
 */
const recordsPerPart = 1_000

/**
 * The heap a writer thread may take. A tree is held to `limits.membersPerTree` people, whose model
 * and identifiers take a few hundred megabytes at most; the bound keeps a fault from taking the
 * server's memory, and the thread's memory is freed when the file is written.
 */
const writerMemoryMb = 1_024

/**
 * The GEDCOM file of `data`, written on a thread of its own (write.worker.ts) at a lower priority,
 * as UTF-8 chunks of about `options.chunkSize` characters, each made when the one before was taken:
 * a slow download keeps one chunk in memory, not the file. The request thread only copies the
 * model over, a part per turn of its event loop, and passes the bytes on. Nothing starts until the
 * first chunk is asked for, and giving up part way (a closed download) stops the thread.
 */
export function writeGedcomOffThread(data: GedcomData, options: OffThreadWriteOptions): AsyncGenerator<Buffer, void, undefined> {
  // The model is let go once it was sent: the generator holds this box, not the model itself.
  const model: { data?: GedcomData } = { data }
  return chunksFromThread(model, options)
}

async function* chunksFromThread(model: { data?: GedcomData }, options: OffThreadWriteOptions): AsyncGenerator<Buffer, void, undefined> {
  await startThreadPoolHere()
  const worker = startWorker(new URL('./write.worker.ts', import.meta.url), {
    compiledEntry: process.env[compiledWriterVariable],
    workerData: { options, schema: model.data!.schema } satisfies WriterData,
    resourceLimits: { maxOldGenerationSizeMb: writerMemoryMb, maxYoungGenerationSizeMb: 32 },
  })
  const replies = repliesOf(worker)
  try {
    const data = model.data!
    model.data = undefined
    for (const kind of ['individuals', 'families', 'keptRecords'] as const) {
      const records = data[kind] ?? []
      for (let start = 0; start < records.length; start += recordsPerPart) {
        worker.postMessage({ kind, items: records.slice(start, start + recordsPerPart) } satisfies WriterRequest)
        await nextTurn()
      }
    }
    for (;;) {
      worker.postMessage({ kind: 'next' } satisfies WriterRequest)
      const reply = await replies.next()
      if ('done' in reply) return
      yield Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength)
    }
  } finally {
    void worker.terminate()
  }
}

/** The worker's replies one by one; an error it ends with, or its ending early, rejects the one awaited. */
function repliesOf(worker: Worker): { next(): Promise<WriterReply> } {
  const arrived: WriterReply[] = []
  let failure: Error | undefined
  let waiting: { resolve(reply: WriterReply): void; reject(error: Error): void } | undefined
  const fail = (error: Error) => {
    failure ??= error
    waiting?.reject(failure)
    waiting = undefined
  }
  worker.on('message', (reply: WriterReply) => {
    if (waiting) {
      waiting.resolve(reply)
      waiting = undefined
    } else arrived.push(reply)
  })
  worker.once('error', (error: Error & { code?: string }) =>
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`The GEDCOM writer needed more than ${writerMemoryMb} MB`) : reviveAppError(error)),
  )
  worker.once('exit', (code) => fail(new Error(`The GEDCOM writer stopped with code ${code}`)))
  return {
    next() {
      const reply = arrived.shift()
      if (reply) return Promise.resolve(reply)
      if (failure) return Promise.reject(failure)
      return new Promise((resolve, reject) => (waiting = { resolve, reject }))
    },
  }
}
