import type { BookRecording } from '../../../shared/contracts/book.ts'
import { qrModules, qrQuietZone } from '../../../shared/qr/qr-code.ts'
import { inks, type PdfDocument, type TextStyle } from './book.pdf-fonts.ts'
import type { Flow } from './book.pdf-flow.ts'
import { breakLines } from './book.pdf-text.ts'

/** The code's dark area, quiet zone aside: 22.6 mm, which a phone reads from paper at arm's length. */
const codeSide = 64
const cellGap = 10
const labelStyle: TextStyle = { face: 'sansBold', size: 8, leading: 10.5, color: inks.accent }
const titleStyle: TextStyle = { face: 'sansItalic', size: 7.5, leading: 9.5, color: inks.soft }
const urlStyle: TextStyle = { face: 'sans', size: 7, leading: 9, color: inks.soft }

/** The side of a code with its quiet zone: the fewer its modules, the wider the zone around them. */
const sideOf = (moduleCount: number) => (codeSide / moduleCount) * (moduleCount + 2 * qrQuietZone)

/** Draws a QR code as vector squares on white, with its quiet zone, at its top-left corner; answers its side. */
export function drawQr(doc: PdfDocument, text: string, x: number, y: number): number {
  const modules = qrModules(text)
  const module = codeSide / modules.length
  const side = sideOf(modules.length)
  doc.rect(x, y, side, side).fill('#ffffff')
  modules.forEach((row, rowIndex) => {
    for (let column = 0; column < row.length; column++) {
      if (!row[column]) continue
      const start = column
      while (column + 1 < row.length && row[column + 1]) column++
      // A hair wider than the module, so no seam shows between neighbours when rasterised.
      doc.rect(x + (start + qrQuietZone) * module, y + (rowIndex + qrQuietZone) * module, (column - start + 1) * module + 0.05, module + 0.05)
    }
  })
  doc.fill('#000000')
  return side
}

/** The address as printed under the code: without its scheme, which a browser adds. */
export const printedUrl = (url: string) => url.replace(/^https?:\/\//, '')

/**
 * The recordings of a memory or answer after its text: each code with «Escuche la voz», the
 * recording's title and its address under it, side by side as many as fit, a code never parted
 * from its words by a page break. Recordings without an address (a preview) print nothing.
 */
export function drawRecordings(flow: Flow, recordings: BookRecording[], listen: string): void {
  const linked = recordings.filter((recording): recording is BookRecording & { url: string } => recording.url !== null)
  if (linked.length === 0) return
  const { doc } = flow
  const side = Math.max(...linked.map((recording) => sideOf(qrModules(recording.url).length)))
  // Cells wider than the code, so that an address (host and a 20-letter token) fits on a line or two.
  const perRow = Math.max(1, Math.floor((flow.frame.width + cellGap) / (side + 60 + cellGap)))
  const cellWidth = (flow.frame.width - (perRow - 1) * cellGap) / perRow
  flow.space(6)
  for (let first = 0; first < linked.length; first += perRow) {
    const row = linked.slice(first, first + perRow).map((recording) => ({
      recording,
      title: breakLines(doc, recording.title, titleStyle, cellWidth).slice(0, 2),
      url: breakLines(doc, printedUrl(recording.url), urlStyle, cellWidth),
    }))
    const height = side + 4 + labelStyle.leading + Math.max(...row.map((cell) => cell.title.length * titleStyle.leading + cell.url.length * urlStyle.leading))
    flow.ensure(height)
    const top = flow.y
    row.forEach((cell, index) => {
      const left = flow.frame.left + index * (cellWidth + cellGap)
      // The code's dark squares line up with the text; its quiet zone, white, reaches into the margin.
      const modules = qrModules(cell.recording.url).length
      drawQr(doc, cell.recording.url, left - (codeSide / modules) * qrQuietZone, top)
      let y = top + side + 4
      const place = (lines: typeof cell.url, style: TextStyle) => {
        for (const line of lines) {
          flow.y = y
          flow.lines([line], style, 'left', undefined, { offset: index * (cellWidth + cellGap), width: cellWidth })
          y += style.leading
        }
      }
      place(breakLines(doc, listen, labelStyle, cellWidth).slice(0, 1), labelStyle)
      place(cell.title, titleStyle)
      place(cell.url, urlStyle)
    })
    flow.y = top + height + 8
  }
}
