import type { BookPlan } from '../../../shared/contracts/book.ts'
import { drawText, inks, printable, type TextStyle, widthOf } from './book.pdf-fonts.ts'
import type { Flow } from './book.pdf-flow.ts'
import type { Mentions } from './book.pdf-mentions.ts'
import { frameOf } from './book.pdf-page.ts'
import { breakLines, drawLine, type Line } from './book.pdf-text.ts'

const headingStyle: TextStyle = { face: 'serifBold', size: 18, leading: 24, color: inks.ink }
const entryStyle: TextStyle = { face: 'serif', size: 11, leading: 16, color: inks.ink }
const numberStyle: TextStyle = { face: 'sans', size: 10, leading: 16, color: inks.soft }
const letterStyle: TextStyle = { face: 'serifBold', size: 11, leading: 18, color: inks.accent }
const nameStyle: TextStyle = { face: 'sans', size: 9.5, leading: 13.5, color: inks.ink }
/** Room kept at the right of a contents entry for its page number. */
const numberRoom = 40
const entryGap = 5
const hanging = 12
const columnGap = 18

export interface ContentsEntry {
  title: string
  /** Known once the book is laid out; the pages are reserved before. */
  page?: number
}

/**
 * Lays the contents out on the pages from `firstPage`, or only counts the pages it needs. The
 * titles' lines do not depend on the numbers (which sit in a column of their own), so the count
 * made before the chapters is the count drawn after them: the pages are reserved, the chapters
 * laid out, and the numbers written in at the end (ADR 0052).
 */
export function layoutContents(flow: Flow, heading: string, entries: ContentsEntry[], firstPage: number, shouldDraw: boolean): number {
  const { doc, geometry } = flow
  let page = firstPage
  let frame = frameOf(geometry, page)
  let y = frame.top + 30
  if (shouldDraw) doc.switchToPage(page - 1)
  if (shouldDraw) drawText(doc, printable(heading), headingStyle, frame.left, y)
  y += headingStyle.leading + 18
  for (const entry of entries) {
    const lines = breakLines(doc, printable(entry.title), entryStyle, frame.width - numberRoom)
    if (y + lines.length * entryStyle.leading > frame.bottom) {
      page += 1
      frame = frameOf(geometry, page)
      y = frame.top
      if (shouldDraw) doc.switchToPage(page - 1)
    }
    for (const [index, line] of lines.entries()) {
      if (shouldDraw) drawLine(doc, line, entryStyle, frame.left, y, frame.width - numberRoom, 'left')
      if (shouldDraw && index === lines.length - 1 && entry.page !== undefined) {
        const number = String(entry.page)
        drawText(doc, number, numberStyle, frame.left + frame.width - widthOf(doc, number, numberStyle), y + 1)
      }
      y += entryStyle.leading
    }
    y += entryGap
  }
  return page - firstPage + 1
}

/**
 * The index of people: every name of the book in the book language's alphabetical order (accents
 * and case aside, as a reader looks a name up), with the pages it is named on, under its letter,
 * in two columns as an index is printed.
 */
export function drawIndex(flow: Flow, plan: BookPlan, mentions: Mentions): number {
  flow.heads = { verso: plan.words.index, recto: plan.words.index }
  flow.addPage('opening')
  const firstPage = flow.page
  flow.doc.outline.addItem(printable(plan.words.index))
  for (const line of breakLines(flow.doc, printable(plan.words.index), headingStyle, flow.frame.width)) flow.lines([line], headingStyle, 'left')
  flow.space(14)
  const columnWidth = (flow.frame.width - columnGap) / 2
  let column = 0
  let top = flow.y
  /** Room for `height` in this column, else the next column, else the next page's first. */
  const place = (height: number) => {
    if (flow.y + height <= flow.frame.bottom + 0.01) return
    if (column === 0) [column, flow.y] = [1, top]
    else {
      flow.addPage('body')
      column = 0
      top = flow.y
    }
  }
  const draw = (line: Line, style: TextStyle, indent: number) => {
    drawLine(flow.doc, line, style, flow.frame.left + column * (columnWidth + columnGap) + indent, flow.y, columnWidth - indent, 'left')
    flow.y += style.leading
  }
  const collator = new Intl.Collator(plan.language, { sensitivity: 'base' })
  const people = [...plan.people].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id))
  let letter = ''
  for (const person of people) {
    // A letter's accent is dropped where the language sorts it as the plain letter (Á under A), not
    // where it is a letter of its own (Ñ in Spanish).
    const first = [...printable(person.name).trim()][0]?.toLocaleUpperCase(plan.language) ?? ''
    const plain = first.normalize('NFD').replace(/\p{M}/gu, '')
    const initial = collator.compare(first, plain) === 0 ? plain : first
    if (initial && collator.compare(initial, letter) !== 0) {
      letter = initial
      place(letterStyle.leading + 6 + 2 * nameStyle.leading)
      if (flow.y > top) flow.y += 6
      draw(breakLines(flow.doc, letter, letterStyle, columnWidth)[0]!, letterStyle, 0)
    }
    const pages = mentions.pagesOf(person.id)
    const text = pages.length ? `${person.name}, ${pages.join(', ')}` : person.name
    const lines = breakLines(flow.doc, printable(text), nameStyle, columnWidth - hanging)
    lines.forEach((line, index) => {
      place((index === 0 ? Math.min(lines.length, 2) : 1) * nameStyle.leading)
      draw(line, nameStyle, index === 0 ? 0 : hanging)
    })
  }
  return firstPage
}
