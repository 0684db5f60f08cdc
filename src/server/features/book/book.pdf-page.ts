import type { BookFormat } from '../../../shared/contracts/book.ts'

/** The trimmed page, in points (1/72 in): 6×9 in, the common trade size, or A5. */
const trimSizes: Record<BookFormat, { width: number; height: number }> = {
  '6x9': { width: 432, height: 648 },
  a5: { width: 420, height: 595 },
}

/**
 * Margins inside the trim. The inner one (the gutter) is the widest: a bound book opens on a curve
 * and loses text there; the bottom leaves room for the folio, the top for the running header.
 */
const marginsOf: Record<BookFormat, { top: number; bottom: number; inner: number; outer: number }> = {
  '6x9': { top: 58, bottom: 60, inner: 63, outer: 45 },
  a5: { top: 54, bottom: 58, inner: 60, outer: 42 },
}

/** 3 mm beyond the trim on every side, for a printer that cuts pictures to the edge. */
export const bleedPoints = 8.5

export interface PageGeometry {
  /** The PDF page: the trim, and the bleed around it when asked for. */
  width: number
  height: number
  bleed: number
  trimWidth: number
  trimHeight: number
  margins: { top: number; bottom: number; inner: number; outer: number }
}

export function pageGeometry(format: BookFormat, hasBleed: boolean): PageGeometry {
  const trim = trimSizes[format]
  const bleed = hasBleed ? bleedPoints : 0
  return { width: trim.width + 2 * bleed, height: trim.height + 2 * bleed, bleed, trimWidth: trim.width, trimHeight: trim.height, margins: marginsOf[format] }
}

/** Where text goes on a page, in the PDF page's coordinates (top-left origin). */
export interface Frame {
  left: number
  top: number
  width: number
  bottom: number
}

/**
 * The text block of a page by its number (1 is the cover, a right-hand page): odd pages are
 * right-hand pages with the gutter on their left, even pages left-hand with it on their right.
 */
export function frameOf(geometry: PageGeometry, pageNumber: number): Frame {
  const { margins, bleed } = geometry
  const isRecto = pageNumber % 2 === 1
  const left = bleed + (isRecto ? margins.inner : margins.outer)
  return { left, top: bleed + margins.top, width: geometry.trimWidth - margins.inner - margins.outer, bottom: bleed + geometry.trimHeight - margins.bottom }
}

/** The trimmed page inside the bleed. */
export function trimOf(geometry: PageGeometry): { left: number; top: number; width: number; height: number } {
  return { left: geometry.bleed, top: geometry.bleed, width: geometry.trimWidth, height: geometry.trimHeight }
}
