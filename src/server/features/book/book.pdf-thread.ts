import { rm } from 'node:fs/promises'
import type { BookPlan } from '../../../shared/contracts/book.ts'
import { runWorker } from '../../lib/worker-thread.ts'
import type { RenderResult } from './book.pdf.ts'

/** The render thread's heap: pdfkit keeps every page until the end; the photos are decoded outside it, one at a time. */
const renderMemoryMb = 384

export interface RenderOffThreadOptions {
  imageFiles: Map<string, string>
  outFile: string
  signal: AbortSignal
  onProgress(fraction: number): void
}

/**
 * Renders a book (renderBookPdf) on a worker thread into `outFile`, so the request thread stays
 * free: its heap bounded, stopped when `signal` aborts (the file it was writing removed).
 */
export async function renderBookOffThread(plan: BookPlan, options: RenderOffThreadOptions): Promise<RenderResult> {
  try {
    return await runWorker<RenderResult>({
      entry: new URL('./book.render-worker.ts', import.meta.url),
      workerData: { plan, imageFiles: options.imageFiles, outFile: options.outFile },
      memoryMb: renderMemoryMb,
      signal: options.signal,
      name: 'The book renderer',
      onMessage: (message: { progress: number } | { result: RenderResult }) => {
        if ('progress' in message) return void options.onProgress(message.progress)
        return { result: message.result }
      },
    })
  } catch (error) {
    await rm(options.outFile, { force: true })
    throw error
  }
}
