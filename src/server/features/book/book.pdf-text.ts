import { drawText, printable, type PdfDocument, type TextStyle, widthOf } from './book.pdf-fonts.ts'

/** One line of a paragraph: where it starts in the paragraph's text, for finding the page a word landed on. */
export interface Line {
  text: string
  width: number
  start: number
  indent: number
  isLast: boolean
}

export type Align = 'left' | 'justify' | 'center' | 'right'

/** A paragraph's words, whitespace folded to single spaces, each with where it starts. */
function wordsOf(text: string): { word: string; start: number }[] {
  const words: { word: string; start: number }[] = []
  for (const match of text.matchAll(/\S+/g)) words.push({ word: match[0], start: match.index })
  return words
}

/** A word wider than a whole line (a long address, a double surname) broken where it must: after its slashes and hyphens, and a part still too wide anywhere. */
function pieces(doc: PdfDocument, word: string, style: TextStyle, width: number): string[] {
  if (widthOf(doc, word, style) <= width) return [word]
  return (word.match(/[^/-]*[/-]|[^/-]+$/g) ?? [word]).flatMap((part) => {
    if (widthOf(doc, part, style) <= width) return [part]
    const result: string[] = []
    let piece = ''
    for (const character of part) {
      if (piece && widthOf(doc, piece + character, style) > width) {
        result.push(piece)
        piece = ''
      }
      piece += character
    }
    return piece ? [...result, piece] : result
  })
}

/**
 * Breaks a paragraph into lines that fit `width`, greedily, as a reader expects of a book: the
 * renderer lays out its own lines (rather than letting pdfkit flow the text) so that it knows
 * which page every line, and so every name, lands on, and can keep headings with what follows.
 */
export function breakLines(doc: PdfDocument, text: string, style: TextStyle, width: number, firstIndent = 0): Line[] {
  const lines: Line[] = []
  const space = widthOf(doc, ' ', style)
  let current: { text: string; width: number; start: number; indent: number } | undefined
  const finish = () => {
    if (current) lines.push({ ...current, isLast: false })
    current = undefined
  }
  for (const { word, start } of wordsOf(printable(text))) {
    const indent = lines.length === 0 && !current ? firstIndent : 0
    // The pieces of a word broken at its slashes follow each other with no space between them.
    pieces(doc, word, style, width - indent).forEach((piece, index) => {
      const gap = index === 0 ? space : 0
      const pieceWidth = widthOf(doc, piece, style)
      if (current && current.width + gap + pieceWidth <= width - current.indent) {
        current.text += index === 0 ? ` ${piece}` : piece
        current.width += gap + pieceWidth
        return
      }
      finish()
      current = { text: piece, width: pieceWidth, start, indent: lines.length === 0 ? firstIndent : 0 }
    })
  }
  finish()
  if (lines.length > 0) lines.at(-1)!.isLast = true
  return lines
}

/**
 * Lines of a title as even as they can be: the narrowest width that still needs no more lines, so
 * that a title of two lines never leaves one word alone on its second.
 */
export function balancedLines(doc: PdfDocument, text: string, style: TextStyle, width: number): Line[] {
  const lines = breakLines(doc, text, style, width)
  if (lines.length < 2) return lines
  let [narrow, wide] = [width / 2, width]
  while (wide - narrow > 2) {
    const middle = (narrow + wide) / 2
    if (breakLines(doc, text, style, middle).length > lines.length) narrow = middle
    else wide = middle
  }
  return breakLines(doc, text, style, wide)
}

/** Draws a line in its column: a justified line spreads its spaces, except the paragraph's last. */
export function drawLine(doc: PdfDocument, line: Line, style: TextStyle, x: number, y: number, width: number, align: Align): void {
  const room = width - line.indent - line.width
  const spaces = line.text.split(' ').length - 1
  if (align === 'justify' && !line.isLast && spaces > 0 && room > 0 && room / spaces < style.size) {
    drawText(doc, line.text, style, x + line.indent, y, room / spaces)
  } else {
    const offset = align === 'center' ? room / 2 : align === 'right' ? room : 0
    drawText(doc, line.text, style, x + line.indent + offset, y)
  }
}

/** The height of a text broken into lines at `width`. */
export function heightOf(doc: PdfDocument, text: string, style: TextStyle, width: number): number {
  return breakLines(doc, text, style, width).length * style.leading
}

/** Paragraphs of a text as told: split at line breaks, blank lines dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}
