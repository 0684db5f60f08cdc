import { Worker } from 'node:worker_threads'
import type { GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import type { MappedGedcom } from './family-tree.gedcom-map.ts'

// Under tsx and vitest the sources are TypeScript, and a worker needs tsx to load them; the
// built server runs the compiled JavaScript as it is.
const isTypeScript = import.meta.url.endsWith('.ts')
const workerUrl = new URL(`./family-tree.gedcom-read.worker.${isTypeScript ? 'ts' : 'js'}`, import.meta.url)

function runWorker<T>(bytes: Uint8Array, mode: 'preview' | 'batch'): Promise<T> {
  return new Promise((resolve, reject) => {
    // The bytes are copied once into the worker; its heap is its own, freed when it ends.
    // Node 20 loads a worker's entry file before tsx's hooks are in place: under tsx, the entry
    // registers them first, then imports the worker.
    const worker = isTypeScript
      ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}) })`, { eval: true, workerData: { bytes, mode } })
      : new Worker(workerUrl, { workerData: { bytes, mode } })
    let settled = false
    worker.once('message', (message: T) => {
      settled = true
      resolve(message)
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

/** Reads a GEDCOM file off the request thread: what it holds, without the people themselves. */
export const previewGedcomOffThread = (bytes: Uint8Array) => runWorker<{ preview: GedcomPreview }>(bytes, 'preview').then((result) => result.preview)

/** Reads a GEDCOM file off the request thread into the batch the family tree writes. */
export const readGedcomOffThread = (bytes: Uint8Array) => runWorker<MappedGedcom>(bytes, 'batch')
