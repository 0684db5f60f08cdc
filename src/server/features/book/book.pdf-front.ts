import type { BookPlan } from '../../../shared/contracts/book.ts'
import { drawText, inks, printable, type TextStyle, widthOf } from './book.pdf-fonts.ts'
import type { Flow } from './book.pdf-flow.ts'
import { printImage } from './book.pdf-images.ts'
import { frameOf, trimOf } from './book.pdf-page.ts'
import { balancedLines, breakLines, drawLine, paragraphsOf } from './book.pdf-text.ts'

const coverTitle: TextStyle = { face: 'serifBold', size: 28, leading: 35, color: inks.ink }
// The years in Lora: its figures are a book's, where Atkinson's slashed zero is a screen's.
const coverSubtitle: TextStyle = { face: 'serif', size: 13, leading: 18, color: inks.soft }
const dedicationStyle: TextStyle = { face: 'serifItalic', size: 12, leading: 18, color: inks.ink }
const colophonStyle: TextStyle = { face: 'sans', size: 8.5, leading: 12.5, color: inks.soft }
const headStyle: TextStyle = { face: 'serifItalic', size: 8.5, leading: 11, color: inks.soft }
const folioStyle: TextStyle = { face: 'sans', size: 9, leading: 11, color: inks.soft }

/** Lines centred across the trim from `top`, evened out; answers where they end. */
function centred(flow: Flow, text: string, style: TextStyle, top: number, inset = 36): number {
  const trim = trimOf(flow.geometry)
  const width = trim.width - 2 * inset
  let y = top
  for (const paragraph of paragraphsOf(printable(text))) {
    for (const line of balancedLines(flow.doc, paragraph, style, width)) {
      drawLine(flow.doc, line, style, trim.left + inset, y, width, 'center')
      y += style.leading
    }
  }
  return y
}

/**
 * The cover: the title and the years under it in ink on the page, and the cover photo, when there
 * is one, across the top to the page's edges (into the bleed, when the book has one); without a
 * photo a fine double frame holds the title, as an album's label would. False when the cover
 * photo could not be printed.
 */
export async function drawCover(flow: Flow, plan: BookPlan, imageFiles: Map<string, string>): Promise<boolean> {
  flow.addPage('cover')
  const { doc, geometry } = flow
  const trim = trimOf(geometry)
  const file = plan.coverPhotoId ? imageFiles.get(plan.coverPhotoId) : undefined
  const photo = file ? await printImage(file, geometry.width, trim.top + trim.height * 0.58, 'fill').catch(() => undefined) : undefined
  if (file && photo) {
    const height = trim.top + trim.height * 0.58
    doc.save()
    doc.rect(0, 0, geometry.width, height).clip()
    doc.image(photo, 0, 0, { cover: [geometry.width, height], align: 'center', valign: 'center' })
    doc.restore()
    const end = centred(flow, plan.title, coverTitle, height + trim.height * 0.07)
    if (plan.subtitle) centred(flow, plan.subtitle, coverSubtitle, end + 8)
    return true
  }
  for (const inset of [22, 26]) doc.rect(trim.left + inset, trim.top + inset, trim.width - 2 * inset, trim.height - 2 * inset)
  doc.lineWidth(0.6).strokeColor(inks.line).stroke()
  const middle = trim.left + trim.width / 2
  const top = trim.top + trim.height * 0.34
  doc
    .moveTo(middle - 24, top - 22)
    .lineTo(middle + 24, top - 22)
    .lineWidth(1.2)
    .strokeColor(inks.accent)
    .stroke()
  const end = centred(flow, plan.title, coverTitle, top)
  if (plan.subtitle) centred(flow, plan.subtitle, coverSubtitle, end + 10)
  return plan.coverPhotoId === null
}

export function drawDedication(flow: Flow, plan: BookPlan): void {
  flow.addPage('front')
  flow.doc.outline.addItem(printable(plan.words.dedication))
  const trim = trimOf(flow.geometry)
  centred(flow, plan.dedication, dedicationStyle, trim.top + trim.height * 0.3, 54)
}

/** The colophon at the foot of the last page: when the book was made and where its voices are kept. */
export function drawColophon(flow: Flow, plan: BookPlan): void {
  flow.addPage('front')
  const { frame } = flow
  const lines = paragraphsOf(printable(plan.colophon)).flatMap((paragraph) => [...breakLines(flow.doc, paragraph, colophonStyle, frame.width), null])
  let y = frame.bottom - lines.length * colophonStyle.leading
  for (const line of lines) {
    if (line) drawLine(flow.doc, line, colophonStyle, frame.left, y, frame.width, 'center')
    y += line ? colophonStyle.leading : colophonStyle.leading / 2
  }
}

/** The folio on every page but the cover and the blank ones, and the running head on body pages: the book's title on the left, the chapter's on the right. */
export function drawPageFurniture(flow: Flow): void {
  const { doc, geometry } = flow
  flow.roles.forEach((role, index) => {
    const page = index + 1
    if (role.kind === 'cover' || role.kind === 'blank') return
    doc.switchToPage(index)
    const frame = frameOf(geometry, page)
    const folio = String(page)
    const footY = geometry.bleed + geometry.trimHeight - geometry.margins.bottom + 24
    drawText(doc, folio, folioStyle, frame.left + (frame.width - widthOf(doc, folio, folioStyle)) / 2, footY)
    if (role.kind !== 'body' || !role.heads) return
    const head = breakLines(doc, printable(page % 2 === 0 ? role.heads.verso : role.heads.recto), headStyle, frame.width)[0]
    if (!head) return
    const headY = geometry.bleed + geometry.margins.top - 28
    drawLine(doc, { ...head, isLast: true }, headStyle, frame.left, headY, frame.width, 'center')
  })
}
