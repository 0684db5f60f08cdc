import { parentPort, type Worker } from 'node:worker_threads'
import { nextTurn } from './cooperative.ts'
import { reviveAppError } from './app-error.ts'
import { lowerThisThreadsPriority, startThreadPoolHere, startWorker } from './worker-thread.ts'

// A file written on a thread of its own (a GEDCOM export of 100,000 people is seconds of CPU and
// hundreds of megabytes of short-lived strings): the request thread copies the input over in parts,
// one per turn of its event loop, and passes on the UTF-8 chunks the thread writes, each asked for
// when the one before was taken, so a slow download holds one chunk, not the file.

/**
 * The request thread's messages: the input's lists in parts, then one `next` per chunk it wants.
 * An item holding a long array (a family of 100,000 children) comes with that array empty, and its
 * elements follow in parts of their own (`more`), appended to the item last sent.
 */
export type ChunkRequest = { kind: 'part'; list: string; items: unknown[] } | { kind: 'more'; list: string; field: string; values: unknown[] } | { kind: 'next' }

/** A chunk of the file as UTF-8 bytes (moved, not copied), or the end of it. */
export type ChunkReply = { bytes: Uint8Array<ArrayBuffer> } | { done: true }

/**
 * Items per message, and elements of a long array inside an item. Each message is copied on the
 * request thread in one go: a thousand people take a few milliseconds, where a family's 100,000
 * children sent with it held the thread 40 ms.
 */
const itemsPerPart = 1_000

/** The fields of `item` holding arrays too long to copy with it in one message. */
function longArraysOf(item: unknown): string[] {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return []
  return Object.keys(item).filter((field) => {
    const value = (item as Record<string, unknown>)[field]
    return Array.isArray(value) && value.length > itemsPerPart
  })
}

export interface ChunksOffThread {
  /** The worker's module as a TypeScript source beside its caller; it calls `serveChunks`. */
  entry: URL
  /** Under TypeScript, a JavaScript file holding the worker and all it imports, started instead of tsx (the tests compile one). */
  compiledEntry?: string | undefined
  /** What the worker starts with (small: options, names). */
  workerData: unknown
  /** The large input, list by list, sent in parts; the worker gets each list whole. */
  lists: Record<string, readonly unknown[]>
  /** The worker's heap: a fault stops there instead of taking the server's memory, and it is freed when the file is written. */
  memoryMb: number
  /** Named in the errors of a worker that failed. */
  name: string
}

/**
 * The file the worker of `run.entry` writes, chunk by chunk. Nothing starts until the first chunk
 * is asked for, and giving up part way (a closed download) stops the thread.
 */
export function chunksOffThread(run: ChunksOffThread): AsyncGenerator<Buffer, void, undefined> {
  // The lists are let go once they were sent: the generator holds this box, not the lists themselves.
  const box: { lists?: ChunksOffThread['lists'] } = { lists: run.lists }
  return chunksFrom({ ...run, lists: {} }, box)
}

/**
 * The lists as the messages that carry them, `itemsPerPart` items each; an item holding a long
 * array ends its part, sent with that array empty, and the array's elements follow in parts.
 */
function* partsOf(lists: ChunksOffThread['lists']): Generator<ChunkRequest> {
  for (const [list, items] of Object.entries(lists)) {
    let part: unknown[] = []
    for (const item of items) {
      const fields = longArraysOf(item)
      const long = item as Record<string, unknown>
      part.push(fields.length === 0 ? item : { ...long, ...Object.fromEntries(fields.map((field) => [field, []])) })
      if (part.length < itemsPerPart && fields.length === 0) continue
      yield { kind: 'part', list, items: part }
      part = []
      for (const field of fields) {
        const values = long[field] as unknown[]
        for (let from = 0; from < values.length; from += itemsPerPart) yield { kind: 'more', list, field, values: values.slice(from, from + itemsPerPart) }
      }
    }
    if (part.length > 0) yield { kind: 'part', list, items: part }
  }
}

async function* chunksFrom(run: ChunksOffThread, box: { lists?: ChunksOffThread['lists'] }): AsyncGenerator<Buffer, void, undefined> {
  await startThreadPoolHere()
  const worker = startWorker(run.entry, {
    compiledEntry: run.compiledEntry,
    workerData: run.workerData,
    resourceLimits: { maxOldGenerationSizeMb: run.memoryMb, maxYoungGenerationSizeMb: 32 },
  })
  const replies = repliesOf(worker, run)
  try {
    const lists = box.lists!
    box.lists = undefined
    for (const message of partsOf(lists)) {
      worker.postMessage(message)
      await nextTurn()
    }
    for (;;) {
      worker.postMessage({ kind: 'next' } satisfies ChunkRequest)
      const reply = await replies.next()
      if ('done' in reply) return
      yield Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength)
    }
  } finally {
    void worker.terminate()
  }
}

/** The worker's replies one by one; an error it ends with, or its ending early, rejects the one awaited. */
function repliesOf(worker: Worker, run: ChunksOffThread): { next(): Promise<ChunkReply> } {
  const arrived: ChunkReply[] = []
  let failure: Error | undefined
  let waiting: { resolve(reply: ChunkReply): void; reject(error: Error): void } | undefined
  const fail = (error: Error) => {
    failure ??= error
    waiting?.reject(failure)
    waiting = undefined
  }
  worker.on('message', (reply: ChunkReply) => {
    if (waiting) {
      waiting.resolve(reply)
      waiting = undefined
    } else arrived.push(reply)
  })
  worker.once('error', (error: Error & { code?: string }) =>
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`${run.name} needed more than ${run.memoryMb} MB`) : reviveAppError(error)),
  )
  worker.once('exit', (code) => fail(new Error(`${run.name} stopped with code ${code}`)))
  return {
    next() {
      const reply = arrived.shift()
      if (reply) return Promise.resolve(reply)
      if (failure) return Promise.reject(failure)
      return new Promise((resolve, reject) => (waiting = { resolve, reject }))
    },
  }
}

/**
 * The worker's side, called once by its module: gathers the lists, then hands on `write(lists)`'s
 * text a chunk per request, as UTF-8. The thread yields the CPU to the request thread when both
 * want it.
 */
export function serveChunks(write: (lists: Record<string, unknown[]>) => AsyncIterable<string> | Iterable<string>): void {
  lowerThisThreadsPriority()
  const lists: Record<string, unknown[]> = {}
  let chunks: AsyncIterator<string> | Iterator<string> | undefined
  const encoder = new TextEncoder()
  parentPort!.on('message', async (request: ChunkRequest) => {
    if (request.kind === 'part') {
      const list = (lists[request.list] ??= [])
      // One at a time: a spread of a part into push would pass as many arguments as it holds.
      for (const item of request.items) list.push(item)
      return
    }
    if (request.kind === 'more') {
      const values = (lists[request.list]!.at(-1) as Record<string, unknown[]>)[request.field]!
      for (const value of request.values) values.push(value)
      return
    }
    if (!chunks) {
      const text = write(lists)
      chunks = Symbol.asyncIterator in text ? text[Symbol.asyncIterator]() : text[Symbol.iterator]()
    }
    for (;;) {
      const next = await chunks.next()
      if (next.done) return void parentPort!.postMessage({ done: true } satisfies ChunkReply)
      // Empty chunks are a writer's pauses for a consumer on a shared thread: none are needed here.
      if (!next.value) continue
      const bytes = encoder.encode(next.value)
      return void parentPort!.postMessage({ bytes } satisfies ChunkReply, [bytes.buffer])
    }
  })
}
