import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BookPlan } from '../../../shared/contracts/book.ts'
import { renderBookPdf } from './book.pdf.ts'
import { hasPoppler, noticeMissingPoppler, pdfText } from './test/pdf-reader.ts'
import { spanishPlan } from './test/sample-book.ts'

noticeMissingPoppler()

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'legado-book-chart-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

/** Five generations, each couple with children: 200 people, far wider than a page in the younger generations. */
function largeFamily(): BookPlan['chart'] {
  const chart: BookPlan['chart'] = []
  let previous: string[][] = [[]]
  for (let generation = 0; chart.length < 200; generation++) {
    const couples: string[][] = []
    for (const parents of previous) {
      for (let child = 0; child < (generation === 0 ? 2 : 3) && chart.length < 200; child += 2) {
        const id = `g${generation}-${chart.length}`
        const partner = `g${generation}-${chart.length + 1}`
        chart.push({ id, name: `Persona ${chart.length + 1} Fernández`, years: '1900 – 1980', generation, parentIds: parents, partnerIds: [partner] })
        chart.push({ id: partner, name: `Pareja ${chart.length + 1} Muñoz`, years: '1902', generation, parentIds: [], partnerIds: [id] })
        couples.push([id, partner])
      }
    }
    previous = couples
  }
  return chart.slice(0, 200)
}

it.skipIf(!hasPoppler)('draws a chart of 200 people over as many pages as it needs, every name legible', async () => {
  const chart = largeFamily()
  const file = path.join(folder, 'chart.pdf')
  const plan = { ...spanishPlan(), chapters: spanishPlan().chapters.slice(0, 1), chart }
  const { pageCount } = await renderBookPdf(plan, { imageFiles: new Map(), output: createWriteStream(file) })
  const text = (await pdfText(file)).replace(/\s+/g, ' ')
  for (const person of chart) expect(text).toContain(person.name)
  expect(pageCount).toBeGreaterThan(8)
})
