import { Worker } from 'node:worker_threads'
import type { GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import type { ImportedTree } from '../family-tree/family-tree.service.ts'
import type { MappedGedcom } from './gedcom.map.ts'

// Under tsx and vitest the sources are TypeScript, and a worker needs tsx to load them; the
// built server runs the compiled JavaScript as it is.
const isTypeScript = import.meta.url.endsWith('.ts')
const workerUrl = new URL(`./gedcom.read.worker.${isTypeScript ? 'ts' : 'js'}`, import.meta.url)

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

function runWorker<T>(bytes: Uint8Array, mode: 'preview' | 'batch', gedcomEntry: string | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    // The bytes are copied once into the worker; its heap is its own, freed when it ends.
    // Node 20 loads a worker's entry file before tsx's hooks are in place: under tsx, the entry
    // registers them first, then imports the worker.
    const worker = isTypeScript
      ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}) })`, {
          eval: true,
          workerData: { bytes, mode, gedcomEntry },
        })
      : new Worker(workerUrl, { workerData: { bytes, mode, gedcomEntry } })
    let settled = false
    const gather = mode === 'batch' ? gatherParts() : (part: BatchPart) => part
    worker.on('message', (part: BatchPart) => {
      const whole = gather(part)
      // The next part once other requests have had their turn.
      if (!whole) return void setImmediate(() => worker.postMessage('next'))
      if (settled) return
      settled = true
      resolve(whole as T)
    })
    worker.once('error', (error) => {
      settled = true
      reject(error)
    })
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The GEDCOM reader stopped with code ${code}`))
    })
  })
}

/**
 * Reads a GEDCOM file off the request thread: what it holds, without the people themselves. With
 * `gedcomEntry`, `bytes` are a GEDZIP and the file is that entry, unpacked on the reader thread too.
 */
export const previewGedcomOffThread = (bytes: Uint8Array, gedcomEntry?: string) =>
  runWorker<{ preview: GedcomPreview }>(bytes, 'preview', gedcomEntry).then((result) => result.preview)

/** Reads a GEDCOM file (or a GEDZIP's, as above) off the request thread into the tree the family tree's import door takes. */
export const readGedcomOffThread = (bytes: Uint8Array, gedcomEntry?: string) => runWorker<MappedGedcom>(bytes, 'batch', gedcomEntry)
