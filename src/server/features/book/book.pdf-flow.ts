import type { PdfDocument, TextStyle } from './book.pdf-fonts.ts'
import { frameOf, type Frame, type PageGeometry } from './book.pdf-page.ts'
import { type Align, drawLine, type Line } from './book.pdf-text.ts'

/**
 * What a page is, for what is drawn on it at the end: the folio (page number) on every page but
 * the cover and the blank ones, the running head on body pages only (a chapter's opening page
 * has its title already).
 */
export interface PageRole {
  kind: 'cover' | 'blank' | 'front' | 'opening' | 'body'
  /** The running head of a left-hand (even) and a right-hand (odd) page. */
  heads?: { verso: string; recto: string }
}

/** The place where the next thing is drawn, moving down the pages of the book as it is laid out. */
export class Flow {
  readonly roles: PageRole[] = []
  frame!: Frame
  y = 0
  heads: PageRole['heads']

  constructor(
    readonly doc: PdfDocument,
    readonly geometry: PageGeometry,
  ) {}

  /** The number of the page being drawn (1 is the cover). */
  get page(): number {
    return this.roles.length
  }

  get room(): number {
    return this.frame.bottom - this.y
  }

  addPage(kind: PageRole['kind']): void {
    this.doc.addPage({ size: [this.geometry.width, this.geometry.height], margin: 0 })
    this.roles.push({ kind, heads: kind === 'body' ? this.heads : undefined })
    this.frame = frameOf(this.geometry, this.page)
    this.y = this.frame.top
  }

  /** A page whose back is left blank, so what follows opens on a right-hand page as books do. */
  toRecto(): void {
    if (this.page % 2 === 1) this.addPage('blank')
  }

  /** Goes on to a new page unless `height` fits below. */
  ensure(height: number): void {
    if (this.y + height > this.frame.bottom + 0.01) this.addPage('body')
  }

  /**
   * Draws lines down the column, going on to new pages as they fill. A paragraph never leaves its
   * last line alone at the top of a page (a widow) nor its first alone at the bottom (an orphan).
   * `onLine` hears on which page each line landed; `column` narrows the text block (from its left edge).
   */
  lines(lines: Line[], style: TextStyle, align: Align, onLine?: (line: Line, page: number) => void, column?: { offset: number; width: number }): void {
    this.ensure(Math.min(lines.length, 2) * style.leading)
    lines.forEach((line, index) => {
      const fitsOne = this.y + style.leading <= this.frame.bottom + 0.01
      const fitsTwo = this.y + 2 * style.leading <= this.frame.bottom + 0.01
      const leavesWidow = index === lines.length - 2 && index >= 2 && fitsOne && !fitsTwo
      if (!fitsOne || leavesWidow) this.addPage('body')
      drawLine(this.doc, line, style, this.frame.left + (column?.offset ?? 0), this.y, column?.width ?? this.frame.width, align)
      onLine?.(line, this.page)
      this.y += style.leading
    })
  }

  space(height: number): void {
    this.y = Math.min(this.y + height, this.frame.bottom)
  }
}
