import type { TreeIndex, TreeIndexEntry } from '../../../../shared/contracts/family-tree-view.ts'
import { apiFetchBytes } from '../../../lib/api-client.ts'
import { entriesBetween, peopleIn, type IndexColumns } from '../lib/index-columns.ts'
import { entryMapOf, keepEntryMap } from '../lib/tree-people.ts'

/** The next task: what follows runs after the browser has had a chance to paint and answer input. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** People made back from the columns per task: a few milliseconds each, however large the tree. */
const entriesPerTask = 10_000

/** The answer's JSON parsed by a worker (the bytes moved to it, its columns moved back). */
function columnsInWorker(bytes: ArrayBuffer, signal: AbortSignal | undefined): Promise<IndexColumns> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../lib/tree-index.worker.ts', import.meta.url), { type: 'module' })
    const stop = () => {
      worker.terminate()
      signal?.removeEventListener('abort', abort)
    }
    const abort = () => {
      stop()
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
    worker.onmessage = (event: MessageEvent<IndexColumns>) => {
      stop()
      resolve(event.data)
    }
    worker.onerror = (event) => {
      stop()
      reject(new Error(`The index of names could not be read: ${event.message}`))
    }
    worker.postMessage(bytes, [bytes])
  })
}

/**
 * `GET /api/family-tree/index`, without a long task on the page's main thread: a worker parses
 * it, and the entries and their lookup by id are made back from its columns a slice per task. The
 * index stays what the page has always used (`TreeIndex`). Where there is no `Worker` (tests'
 * DOM), the page parses it itself, the lookup in a task of its own.
 */
export async function readTreeIndex(signal?: AbortSignal): Promise<TreeIndex> {
  const bytes = await apiFetchBytes('/api/family-tree/index', { signal })
  if (typeof Worker === 'undefined') {
    const index = JSON.parse(new TextDecoder().decode(bytes)) as TreeIndex
    await nextTask()
    entryMapOf(index.people)
    await nextTask()
    return index
  }
  const columns = await columnsInWorker(bytes, signal)
  const count = peopleIn(columns)
  const people: TreeIndexEntry[] = []
  const byId = new Map<string, TreeIndexEntry>()
  for (let from = 0; from < count; from += entriesPerTask) {
    await nextTask()
    for (const entry of entriesBetween(columns, from, Math.min(count, from + entriesPerTask))) {
      people.push(entry)
      byId.set(entry[0], entry)
    }
  }
  keepEntryMap(people, byId)
  // The page draws with them in a task of its own.
  await nextTask()
  return { tree: columns.tree, version: columns.version, people }
}
