import type { GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import { AppError } from '../../lib/app-error.ts'
import { runWorker } from '../../lib/worker-thread.ts'
import type { ImportedTree } from '../family-tree/family-tree.service.ts'
import type { MappedGedcom } from './gedcom.map.ts'

/** Names the reader compiled to one JavaScript file, which the tests start instead of starting tsx in every reader thread. */
export const compiledReaderVariable = 'LEGADO_TEST_GEDCOM_READER'

/** Items per message from the worker: each message is copied into the request thread in one go. */
const itemsPerPart = 2_000

/** One message of a batch: the preview first, then items of one kind, and `last` on the final one. */
type BatchPart = { preview: MappedGedcom['preview']; fingerprint: string } | { kind: keyof ImportedTree | 'media' | 'kept'; items: object[]; last?: true }

/**
 * A whole batch as one message took the request thread 0.9 s to copy in for 100,000 people, with
 * nothing else answered meanwhile; in parts, asked for one by one, other requests run between them.
 */
export function* batchParts(mapped: MappedGedcom): Generator<BatchPart> {
  yield { preview: mapped.preview, fingerprint: mapped.fingerprint }
  for (const kind of ['members', 'unions', 'links', 'media', 'kept'] as const) {
    const items = kind === 'media' || kind === 'kept' ? mapped[kind] : mapped.batch[kind]
    for (let start = 0; start < items.length; start += itemsPerPart) yield { kind, items: items.slice(start, start + itemsPerPart) }
  }
  yield { kind: 'links', items: [], last: true }
}

/** Gathers the parts of a batch; answers the whole once the last part arrived. */
function gatherParts(): (part: BatchPart) => MappedGedcom | undefined {
  const batch: MappedGedcom['batch'] = { members: [], unions: [], links: [] }
  const media: MappedGedcom['media'] = []
  const kept: MappedGedcom['kept'] = []
  let first: { preview: MappedGedcom['preview']; fingerprint: string } | undefined
  return (part) => {
    if ('preview' in part) first = part
    else for (const item of part.items) (part.kind === 'media' ? media : part.kind === 'kept' ? kept : (batch[part.kind] as object[])).push(item as never)
    return 'last' in part && first ? { batch, preview: first.preview, fingerprint: first.fingerprint, media, kept } : undefined
  }
}

/** What one reader thread may take: its heap, and its time over the file. */
export interface ReaderLimits {
  memoryMb: number
  timeoutMs: number
  /** Stops the reader (a job cancelled or past its own timeout). */
  signal?: AbortSignal
}

const tooComplex = (why: string) => new AppError('gedcom.too_complex', `Reading the file ${why}`)

function readOnWorker<T>(file: string, mode: 'preview' | 'batch', gedcomEntry: string | undefined, limits: ReaderLimits): Promise<T> {
  const gather = mode === 'batch' ? gatherParts() : (part: BatchPart) => part
  // The file is read on the worker, whose heap is its own, bounded, and freed when it ends: a
  // file that would need more is stopped there instead of taking the server's memory.
  return runWorker<T>({
    entry: new URL('./gedcom.read.worker.ts', import.meta.url),
    compiledEntry: process.env[compiledReaderVariable],
    workerData: { file, mode, gedcomEntry },
    ...limits,
    name: 'The GEDCOM reader',
    tooLong: () => tooComplex(`took more than ${limits.timeoutMs} ms`),
    tooLarge: () => tooComplex(`needed more than ${limits.memoryMb} MB`),
    onMessage: (part: BatchPart, worker) => {
      const whole = gather(part)
      // The next part once other requests have had their turn.
      if (!whole) return void setImmediate(() => worker.postMessage('next'))
      return { result: whole as T }
    },
  })
}

/**
 * Reads a GEDCOM file off the request thread: what it holds, without the people themselves. With
 * `gedcomEntry`, `file` is a GEDZIP and the tree is that entry, unpacked on the reader thread too.
 */
export const previewGedcomOffThread = (file: string, gedcomEntry: string | undefined, limits: ReaderLimits) =>
  readOnWorker<{ preview: GedcomPreview }>(file, 'preview', gedcomEntry, limits).then((result) => result.preview)

/** Reads a GEDCOM file (or a GEDZIP's, as above) off the request thread into the tree the family tree's import door takes. */
export const readGedcomOffThread = (file: string, gedcomEntry: string | undefined, limits: ReaderLimits) => readOnWorker<MappedGedcom>(file, 'batch', gedcomEntry, limits)
