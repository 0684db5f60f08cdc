import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** The app's own faces (docs/product.md): Lora for headings, Atkinson Hyperlegible for text. */
export type Face = 'serif' | 'serifBold' | 'serifItalic' | 'sans' | 'sansBold' | 'sansItalic'

const files: Record<Face, string> = {
  serif: '@fontsource/lora/files/lora-{subset}-400-normal.woff',
  serifBold: '@fontsource/lora/files/lora-{subset}-600-normal.woff',
  serifItalic: '@fontsource/lora/files/lora-{subset}-400-italic.woff',
  sans: '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-{subset}-400-normal.woff',
  sansBold: '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-{subset}-700-normal.woff',
  sansItalic: '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-{subset}-400-italic.woff',
}

export interface TextStyle {
  face: Face
  size: number
  /** From one line's top to the next's. */
  leading: number
  color: string
}

/** Ink colours of the app (src/web/styles/tokens.css): the book prints as the pages look. */
export const inks = { ink: '#2b211b', soft: '#5a4a3f', accent: '#9a4a2c', line: '#c9b79c' } as const

/** The part of pdfkit's document the text helpers use. */
export type PdfDocument = PDFKit.PDFDocument

/**
 * Registers every face twice: fontsource splits a face by script, and a PDF font is one file. The
 * latin file holds Spanish, French and English (á ñ ¿ ¡ ç œ « » – …); the latin-ext file the rest
 * of Europe's names (ł ő ș Ž), and a run of text takes the file that holds its letters.
 */
export function registerFonts(doc: PdfDocument): void {
  for (const [face, file] of Object.entries(files)) {
    doc.registerFont(face, require.resolve(file.replace('{subset}', 'latin')))
    doc.registerFont(`${face}-ext`, require.resolve(file.replace('{subset}', 'latin-ext')))
  }
}

/** The latin file's letters, as fontsource's stylesheet gives its unicode-range. */
const latinRanges: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
]
const isLatin = (codePoint: number) => latinRanges.some(([from, to]) => codePoint >= from && codePoint <= to)

/** Text as runs of one font file each; most text is one latin run. */
export function fontRuns(text: string): { text: string; isExt: boolean }[] {
  const runs: { text: string; isExt: boolean }[] = []
  for (const character of text) {
    const isExt = !isLatin(character.codePointAt(0)!)
    const last = runs.at(-1)
    if (last && last.isExt === isExt) last.text += character
    else runs.push({ text: character, isExt })
  }
  return runs
}

/** Text as the book prints it: composed accents (a decomposed «n + ~» would need two glyphs). */
export const printable = (text: string) => text.normalize('NFC')

const widths = new Map<string, number>()

/** The width of a piece of text in a style; measured once per word and style, as a book repeats its words. */
export function widthOf(doc: PdfDocument, text: string, style: TextStyle): number {
  const key = `${style.face}\u0000${style.size}\u0000${text}`
  let width = widths.get(key)
  if (width === undefined) {
    width = 0
    for (const run of fontRuns(text))
      width += doc
        .font(run.isExt ? `${style.face}-ext` : style.face)
        .fontSize(style.size)
        .widthOfString(run.text)
    if (widths.size > 200_000) widths.clear()
    widths.set(key, width)
  }
  return width
}

/** Draws one line of text at its top-left corner, each run in its own file; `wordSpacing` spreads a justified line. */
export function drawText(doc: PdfDocument, text: string, style: TextStyle, x: number, y: number, wordSpacing = 0): void {
  doc.fillColor(style.color)
  const runs = fontRuns(text)
  if (runs.length === 1) {
    doc.font(runs[0]!.isExt ? `${style.face}-ext` : style.face).fontSize(style.size)
    doc.text(text, x, y, { lineBreak: false, wordSpacing })
    return
  }
  let left = x
  for (const run of runs) {
    doc.font(run.isExt ? `${style.face}-ext` : style.face).fontSize(style.size)
    doc.text(run.text, left, y, { lineBreak: false, wordSpacing })
    left += doc.widthOfString(run.text) + wordSpacing * (run.text.split(' ').length - 1)
  }
}
