import type { TreeIndex, TreeIndexEntry } from '../../../../shared/contracts/family-tree-view.ts'
import { ApiError, apiErrorFrom, apiFetchBytes, hasEarlyRead } from '../../../lib/api-client.ts'
import { entriesBetween, peopleIn, type IndexColumns } from '../lib/index-columns.ts'
import type { IndexWorkerAnswer, IndexWorkerQuestion } from '../lib/index-worker-messages.ts'
import { entryMapOf, keepEntryMap } from '../lib/tree-people.ts'

/** The next task: what follows runs after the browser has had a chance to paint and answer input. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** People made back from the columns per task: a few milliseconds each, however large the tree. */
const entriesPerTask = 10_000

const indexPath = '/api/family-tree/index'

/** The error a failed read of the worker's stands for, as `apiFetch` would have thrown it. */
async function failure({ status, body }: { status: number; body?: string }): Promise<ApiError> {
  if (status === 0) return new ApiError(0, 'network_error', 'The server could not be reached')
  return apiErrorFrom(new Response(body ?? '', { status }))
}

/**
 * The index read and parsed by a worker (or, given bytes, parsed by it: they are moved, not
 * copied), its columns moved back.
 */
function columnsInWorker(question: IndexWorkerQuestion, signal: AbortSignal | undefined): Promise<IndexColumns> {
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
    worker.onmessage = (event: MessageEvent<IndexWorkerAnswer>) => {
      stop()
      if ('columns' in event.data) resolve(event.data.columns)
      else void failure(event.data.failed).then(reject)
    }
    worker.onerror = (event) => {
      stop()
      reject(new Error(`The index of names could not be read: ${event.message}`))
    }
    if ('bytes' in question) worker.postMessage(question, [question.bytes])
    else worker.postMessage(question)
  })
}

/**
 * `GET /api/family-tree/index`, without a long task on the page's main thread: a worker reads and
 * parses it (or parses the answer of a read started early, with the page's HTML), and the entries
 * and their lookup by id are made back from its columns a slice per task. The index stays what
 * the page has always used (`TreeIndex`). Where there is no `Worker` (tests' DOM), the page
 * parses it itself, the lookup in a task of its own.
 */
export async function readTreeIndex(signal?: AbortSignal): Promise<TreeIndex> {
  if (typeof Worker === 'undefined') {
    const bytes = await apiFetchBytes(indexPath, { signal })
    const index = JSON.parse(new TextDecoder().decode(bytes)) as TreeIndex
    await nextTask()
    entryMapOf(index.people)
    await nextTask()
    return index
  }
  const question = hasEarlyRead(indexPath) ? { bytes: await apiFetchBytes(indexPath, { signal }) } : { path: indexPath }
  const columns = await columnsInWorker(question, signal)
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
