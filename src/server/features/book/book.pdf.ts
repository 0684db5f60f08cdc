import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import PDFDocument from 'pdfkit'
import type { BookPlan } from '../../../shared/contracts/book.ts'
import { drawChapter } from './book.pdf-chapters.ts'
import { drawChart } from './book.pdf-chart.ts'
import { type ContentsEntry, drawIndex, layoutContents } from './book.pdf-contents.ts'
import { registerFonts } from './book.pdf-fonts.ts'
import { Flow } from './book.pdf-flow.ts'
import { drawColophon, drawCover, drawDedication, drawPageFurniture } from './book.pdf-front.ts'
import { createMentions } from './book.pdf-mentions.ts'
import { pageGeometry } from './book.pdf-page.ts'

export interface RenderOptions {
  /** Each picture's original, by media id (the cover photo's and every photo block's). */
  imageFiles: Map<string, string>
  output: Writable
  /** From 0 to 1 as the chapters' items are laid out. */
  onProgress?(fraction: number): void
}

export interface RenderResult {
  pageCount: number
  /** Photos of the plan left out because their file could not be read as a picture (a HEIC sharp cannot open, a broken file). */
  unprintedPhotoIds: string[]
}

/**
 * Lays a book's plan out as a print-ready PDF and writes it to `output`: cover, dedication,
 * contents, chapters, the family chart, the index of people and the colophon, in that order.
 * Every page is kept until the end (pdfkit's bufferPages), so the contents, the folios and the
 * running heads are written once the pages they name are known. Runs on the calling thread: the
 * server calls renderBookOffThread.
 */
export async function renderBookPdf(plan: BookPlan, options: RenderOptions): Promise<RenderResult> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    lang: plan.language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: plan.title, Subject: plan.subtitle, Creator: 'Legado' },
  })
  doc.pipe(options.output)
  const written = finished(options.output)
  registerFonts(doc)
  const flow = new Flow(doc, pageGeometry(plan.format, plan.bleed))
  const mentions = createMentions(plan.people)
  const unprinted = new Set<string>()

  if (!(await drawCover(flow, plan, options.imageFiles)) && plan.coverPhotoId) unprinted.add(plan.coverPhotoId)
  flow.addPage('blank')
  if (plan.dedication.trim() !== '') {
    drawDedication(flow, plan)
    flow.addPage('blank')
  }
  const hasChart = plan.chart.length > 0
  const hasIndex = plan.people.length > 0
  const entries: ContentsEntry[] = [
    ...plan.chapters.map((chapter) => ({ title: chapter.title })),
    ...(hasChart ? [{ title: plan.words.familyChart }] : []),
    ...(hasIndex ? [{ title: plan.words.index }] : []),
  ]
  const contentsPage = flow.page + 1
  const contentsPages = layoutContents(flow, plan.words.contents, entries, contentsPage, false)
  for (let page = 0; page < contentsPages; page++) {
    flow.addPage('front')
    if (page === 0) doc.outline.addItem(plan.words.contents.normalize('NFC'))
  }

  // Progress by item rather than by chapter: a chapter of photos takes far longer than one of text.
  const items = plan.chapters.reduce((sum, chapter) => sum + 1 + chapter.blocks.length, 0)
  let done = 0
  const onItem = () => options.onProgress?.((++done / items) * 0.9)
  const context = { flow, plan, imageFiles: options.imageFiles, mentions, onItem, unprinted }
  let through = 0
  for (const [index, chapter] of plan.chapters.entries()) {
    entries[index]!.page = await drawChapter(context, chapter)
    // A retold chapter prints its retelling, not its items: its share is counted at its end.
    through += 1 + chapter.blocks.length
    done = through - 1
    onItem()
  }
  if (hasChart) entries[plan.chapters.length]!.page = drawChart(flow, plan, mentions)
  if (hasIndex) entries.at(-1)!.page = drawIndex(flow, plan, mentions)
  drawColophon(flow, plan)

  layoutContents(flow, plan.words.contents, entries, contentsPage, true)
  drawPageFurniture(flow)
  const pageCount = flow.page
  doc.end()
  await Promise.race([written, once(doc, 'error').then(([error]) => Promise.reject(error as Error))])
  options.onProgress?.(1)
  return { pageCount, unprintedPhotoIds: [...unprinted] }
}
