import { createWriteStream } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import sharp from 'sharp'
import type { BookPlan } from '../../../shared/contracts/book.ts'
import { renderBookPdf } from './book.pdf.ts'

// Laying out a book is seconds of CPU (hundreds of pages, each photo decoded and shrunk): done
// here, on its own thread with its own bounded heap, the server keeps answering everyone else.

// The photos are shrunk one at a time (renderBookPdf awaits each), and libvips keeps no cache of
// the operations on them: two hundred photos read once each would fill it for nothing. The cache
// is the process's, so the server's other image work (thumbnails of uploads, each read once too)
// goes without it from the first book on.
sharp.cache(false)

const { plan, imageFiles, outFile } = workerData as { plan: BookPlan; imageFiles: Map<string, string>; outFile: string }
const result = await renderBookPdf(plan, {
  imageFiles,
  output: createWriteStream(outFile, { mode: 0o600 }),
  onProgress: (fraction) => parentPort!.postMessage({ progress: fraction }),
})
parentPort!.postMessage({ result })
