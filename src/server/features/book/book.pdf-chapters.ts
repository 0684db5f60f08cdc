import type { BookBlock, BookChapter, BookPlan } from '../../../shared/contracts/book.ts'
import { inks, printable, type TextStyle } from './book.pdf-fonts.ts'
import type { Flow } from './book.pdf-flow.ts'
import { imageSize, printImage } from './book.pdf-images.ts'
import type { Mentions } from './book.pdf-mentions.ts'
import { drawRecordings } from './book.pdf-qr.ts'
import { type Align, balancedLines, breakLines, paragraphsOf } from './book.pdf-text.ts'

export const styles = {
  chapterTitle: { face: 'serifBold', size: 22, leading: 28, color: inks.ink },
  chapterSubtitle: { face: 'serif', size: 11, leading: 16, color: inks.soft },
  heading: { face: 'serifBold', size: 13, leading: 17, color: inks.ink },
  date: { face: 'sansItalic', size: 9, leading: 13, color: inks.soft },
  body: { face: 'sans', size: 10.5, leading: 15.5, color: inks.ink },
  label: { face: 'sansBold', size: 7.5, leading: 11, color: inks.accent },
  question: { face: 'serifItalic', size: 11.5, leading: 16, color: inks.ink },
  teller: { face: 'sansItalic', size: 9, leading: 13, color: inks.soft },
  caption: { face: 'serifItalic', size: 9.5, leading: 13, color: inks.soft },
  note: { face: 'sansItalic', size: 8.5, leading: 12, color: inks.soft },
} satisfies Record<string, TextStyle>

/** What laying out a chapter needs besides the page. */
export interface ChapterContext {
  flow: Flow
  plan: BookPlan
  imageFiles: Map<string, string>
  mentions: Mentions
  /** Where a photo that could not be printed is noted. */
  unprinted: Set<string>
  /** Told after each item (and each chapter's opening) is laid out. */
  onItem(): void
}

/** Paragraphs after the first are indented rather than spaced, as in a printed book. */
const paragraphIndent = 14

/** Text drawn line by line in the column, each line's page told to the index; a title's lines evened out. */
function write({ flow, mentions }: ChapterContext, text: string, style: TextStyle, align: Align, firstIndent = 0, isTitle = false): void {
  const printed = printable(text)
  const lines = isTitle ? balancedLines(flow.doc, printed, style, flow.frame.width) : breakLines(flow.doc, printed, style, flow.frame.width, firstIndent)
  const placed: { start: number; page: number }[] = []
  flow.lines(lines, style, align, (line, page) => placed.push({ start: line.start, page }))
  mentions.inLines(printed, placed)
}

function prose(context: ChapterContext, text: string): void {
  paragraphsOf(text).forEach((paragraph, index) => write(context, paragraph, styles.body, 'justify', index === 0 ? 0 : paragraphIndent))
}

/** Room for a heading and what must come with it: a heading never ends a page alone. */
function keepWithNext(context: ChapterContext, texts: [string, TextStyle][], linesAfter: number): void {
  const { flow } = context
  const height = texts.reduce((sum, [text, style]) => sum + breakLines(flow.doc, text, style, flow.frame.width).length * style.leading, 0)
  flow.ensure(height + linesAfter * styles.body.leading)
}

function drawMemory(context: ChapterContext, block: Extract<BookBlock, { type: 'memory' }>): void {
  keepWithNext(
    context,
    [
      [block.title, styles.heading],
      [block.date, styles.date],
    ],
    3,
  )
  write(context, block.title, styles.heading, 'left')
  if (block.date) write(context, block.date, styles.date, 'left')
  context.flow.space(5)
  prose(context, block.text)
  if (block.teller) write(context, block.teller, styles.teller, 'right')
  drawRecordings(context.flow, block.recordings, context.plan.words.listen)
}

function drawAnswer(context: ChapterContext, block: Extract<BookBlock, { type: 'answer' }>): void {
  const { words } = context.plan
  keepWithNext(
    context,
    [
      [words.question, styles.label],
      [block.question, styles.question],
      [words.answer, styles.label],
    ],
    3,
  )
  write(context, words.question.toLocaleUpperCase(context.plan.language), styles.label, 'left')
  write(context, block.question, styles.question, 'left')
  if (block.date) write(context, block.date, styles.date, 'left')
  context.flow.space(6)
  write(context, words.answer.toLocaleUpperCase(context.plan.language), styles.label, 'left')
  prose(context, block.answer)
  if (block.teller) write(context, block.teller, styles.teller, 'right')
  drawRecordings(context.flow, block.recordings, words.listen)
}

/** A picture fitted to the text's width (no taller than 60% of the page), its caption under it, never parted. */
async function drawPhoto(context: ChapterContext, block: Extract<BookBlock, { type: 'photo' }>): Promise<void> {
  const { flow } = context
  const file = context.imageFiles.get(block.mediaId)
  // A picture the storage could not give is left out rather than failing the whole book.
  const size = file ? await imageSize(file).catch(() => undefined) : undefined
  if (!file || !size) return void context.unprinted.add(block.mediaId)
  const maxHeight = flow.geometry.trimHeight * 0.6
  let width = flow.frame.width
  let height = (width * size.height) / size.width
  if (height > maxHeight) [width, height] = [(maxHeight * size.width) / size.height, maxHeight]
  const caption = breakLines(flow.doc, printable(block.caption), styles.caption, flow.frame.width)
  const data = await printImage(file, width, height, 'inside').catch(() => undefined)
  if (!data) return void context.unprinted.add(block.mediaId)
  flow.ensure(height + 8 + caption.length * styles.caption.leading)
  flow.doc.image(data, flow.frame.left + (flow.frame.width - width) / 2, flow.y, { width, height })
  flow.y += height + 8
  if (block.caption) write(context, block.caption, styles.caption, 'center')
  flow.space(14)
}

/** A short rule between the items of a chapter. */
function divider(flow: Flow): void {
  if (flow.room < 40) return flow.addPage('body')
  flow.space(12)
  const middle = flow.frame.left + flow.frame.width / 2
  flow.doc
    .moveTo(middle - 14, flow.y)
    .lineTo(middle + 14, flow.y)
    .lineWidth(0.6)
    .strokeColor(inks.line)
    .stroke()
  flow.space(16)
}

/** Lays out a chapter from a new page; answers the page it opens on. */
export async function drawChapter(context: ChapterContext, chapter: BookChapter): Promise<number> {
  const { flow, plan } = context
  flow.heads = { verso: plan.title, recto: chapter.title }
  flow.addPage('opening')
  const page = flow.page
  flow.doc.outline.addItem(printable(chapter.title))
  flow.space(flow.geometry.trimHeight * 0.1)
  write(context, chapter.title, styles.chapterTitle, 'left', 0, true)
  if (chapter.subtitle) write(context, chapter.subtitle, styles.chapterSubtitle, 'left')
  flow.space(8)
  flow.doc
    .moveTo(flow.frame.left, flow.y)
    .lineTo(flow.frame.left + 36, flow.y)
    .lineWidth(1.2)
    .strokeColor(inks.accent)
    .stroke()
  flow.space(26)
  if (chapter.retelling !== null) {
    prose(context, chapter.retelling)
    flow.space(8)
    write(context, plan.words.retoldNote, styles.note, 'left')
    return page
  }
  for (const [index, block] of chapter.blocks.entries()) {
    if (index > 0 && chapter.blocks[index - 1]!.type !== 'photo') divider(flow)
    if (block.type === 'memory') drawMemory(context, block)
    else if (block.type === 'answer') drawAnswer(context, block)
    else await drawPhoto(context, block)
    context.onItem()
  }
  return page
}
