import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { renderBookOffThread } from './book.pdf-thread.ts'
import { hasPoppler, noticeMissingPoppler, pdfInfo } from './test/pdf-reader.ts'
import { makePhotos, spanishPlan } from './test/sample-book.ts'

noticeMissingPoppler()

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'legado-book-thread-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

it.skipIf(!hasPoppler)('renders a book on a worker thread into its file, telling its progress up to the end', async () => {
  const photos = await makePhotos(path.join(folder, 'photos'), [{ width: 1200, height: 900 }])
  const outFile = path.join(folder, 'book.pdf')
  const progress: number[] = []
  const { pageCount } = await renderBookOffThread(spanishPlan({ chapters: 6, photoIds: [...photos.keys()] }), {
    imageFiles: photos,
    outFile,
    signal: new AbortController().signal,
    onProgress: (fraction) => progress.push(fraction),
  })
  expect(Number((await pdfInfo(outFile)).Pages)).toBe(pageCount)
  expect(progress.length).toBeGreaterThanOrEqual(6)
  expect(progress).toEqual([...progress].sort((a, b) => a - b))
  expect(progress.at(-1)).toBe(1)
})

it('stops the worker when the job is cancelled, and leaves no file behind', async () => {
  const outFile = path.join(folder, 'cancelled.pdf')
  const controller = new AbortController()
  const cancelled = new Error('cancelled')
  const rendering = renderBookOffThread(spanishPlan({ chapters: 400 }), {
    imageFiles: new Map(),
    outFile,
    signal: controller.signal,
    onProgress: (fraction) => {
      if (fraction > 0.01) controller.abort(cancelled)
    },
  })
  await expect(rendering).rejects.toBe(cancelled)
  expect(existsSync(outFile)).toBe(false)
})
