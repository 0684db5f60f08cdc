/**
 * A text with case and accents set aside («Peña» and «PENA» fold alike), for comparing what people
 * wrote: names found in a book, a fact heard twice. Letters that are letters of their own keep
 * their base (ñ folds to n): a comparison, never what is shown.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Folded, with every run of spaces one space and none at the ends. */
export function foldWords(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim()
}
