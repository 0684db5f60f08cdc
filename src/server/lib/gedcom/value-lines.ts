// A value as GEDCOM lines: each newline becomes a CONT line; in 5.5.1 a line longer than its limit
// is cut into CONC lines. 7.0 has no CONC and no length limit.

/** At most this much text a 5.5.1 line, and less where level, xref and tag leave less of the 255 allowed. */
const MAX_PAYLOAD_551 = 248
const MAX_LINE_551 = 255

/** The payload room after `start` ("1 NOTE", "0 @N12@ NOTE", "2 CONC") and its space. */
const roomAfter = (start: string) => Math.min(MAX_PAYLOAD_551, MAX_LINE_551 - start.length - 1)

const NEWLINE = /\r\n|\r|\n/
/**
 * What no GEDCOM 7 line may carry: C0 controls but tab, CR and LF; DEL and C1; a lone surrogate;
 * U+FFFE and U+FFFF. Text pasted into a form can bring them; they mean nothing in a note or a place.
 */
// eslint-disable-next-line no-control-regex
const BANNED_7 = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
// eslint-disable-next-line no-control-regex
const MAYBE_BANNED_7 = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF\uFFFE\uFFFF]/
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

export type TextEscape = 'gedcom551' | 'gedcom7' | 'none'

/** `@` doubled: everywhere in 5.5.1 text, only a leading one in 7.0; a 5.5.1 DATE keeps its @#D…@ escape. */
function escapePayload(payload: string, escape: TextEscape): string {
  if (escape === 'gedcom551') return payload.includes('@') ? payload.replaceAll('@', '@@') : payload
  if (escape === 'gedcom7') return payload.startsWith('@') ? `@${payload}` : payload
  return payload
}

/**
 * Appends to `out` the lines for `head` (`1 NOTE`, `0 @N1@ NOTE`) carrying `original`, in 7.0
 * without its banned characters. `level` is head's level: continuation lines sit one deeper.
 */
export function pushValueLines(out: string[], head: string, level: number, original: string, escape: TextEscape, isVersion7: boolean): void {
  // The class alone, without the surrogate pairs' lookarounds, is a quick scan: most values hold
  // none of these, and the full expression runs only on those that might.
  const value = isVersion7 && MAYBE_BANNED_7.test(original) ? original.replace(BANNED_7, '') : original
  const hasNewline = value.includes('\n') || value.includes('\r')
  // Short enough even with every character an escaped @: one line, no cutting to consider.
  if (!hasNewline && (isVersion7 || value.length * 2 <= roomAfter(head))) {
    const payload = escapePayload(value, escape)
    out.push(payload === '' ? head : `${head} ${payload}`)
    return
  }
  const paragraphs = hasNewline ? value.split(NEWLINE) : [value]
  const conc = `${level + 1} CONC`
  for (let i = 0; i < paragraphs.length; i += 1) {
    const paragraph = paragraphs[i] ?? ''
    const first = i === 0 ? head : `${level + 1} CONT`
    const pieces = isVersion7 ? [paragraph] : splitForConc(paragraph, escape === 'gedcom551', roomAfter(first), roomAfter(conc))
    for (let k = 0; k < pieces.length; k += 1) {
      const payload = escapePayload(pieces[k] ?? '', escape)
      const start = k === 0 ? first : conc
      out.push(payload === '' ? start : `${start} ${payload}`)
    }
  }
}

/**
 * Cuts a line so each piece, once escaped, fits its room: `firstRoom` for the first, `restRoom` for
 * the CONC lines. Cuts fall between graphemes, so neither a surrogate pair nor a letter and its
 * combining accents are separated, and where possible between two non-spaces, because some readers
 * trim the spaces at either end of a CONC line.
 */
function splitForConc(text: string, isAtDoubled: boolean, firstRoom: number, restRoom: number): string[] {
  const cost = (index: number) => (isAtDoubled && text.charCodeAt(index) === 0x40 ? 2 : 1)
  let total = 0
  for (let index = 0; index < text.length && total <= firstRoom; index += 1) total += cost(index)
  if (total <= firstRoom) return [text]
  const pieces: string[] = []
  let start = 0
  while (start < text.length) {
    let end = start
    for (let budget = start === 0 ? firstRoom : restRoom; end < text.length && cost(end) <= budget; end += 1) budget -= cost(end)
    if (end >= text.length) {
      pieces.push(text.slice(start))
      break
    }
    const cut = cutBefore(text, start, end)
    pieces.push(text.slice(start, cut))
    start = cut
  }
  return pieces
}

/**
 * The best cut in (start, end]. Most text needs no segmenter: between two characters that never
 * join a neighbour (Latin, Greek, Cyrillic, kana, CJK) every position is a grapheme boundary. Only
 * where marks, surrogates or joiners sit near the cut is a short window segmented, since segmenting
 * every long note of a 100,000-person export would cost seconds.
 */
function cutBefore(text: string, start: number, end: number): number {
  const windowStart = Math.max(start, end - 64)
  for (let cut = end; cut > windowStart; cut -= 1) {
    const before = text.charCodeAt(cut - 1)
    const after = text.charCodeAt(cut)
    if (isStandalone(before) && isStandalone(after) && !isSpace(before) && !isSpace(after)) return cut
  }
  const boundaries: number[] = []
  for (const { index } of graphemes.segment(text.slice(windowStart, end + 16))) {
    const boundary = windowStart + index
    // The window's own start is not known to be a boundary; past `end` the piece would be too long.
    if (boundary > windowStart && boundary <= end) boundaries.push(boundary)
  }
  for (let i = boundaries.length - 1; i >= 0; i -= 1) {
    const boundary = boundaries[i] as number
    if (!isSpace(text.charCodeAt(boundary - 1)) && !isSpace(text.charCodeAt(boundary))) return boundary
  }
  const last = boundaries.at(-1)
  if (last !== undefined) return last
  // One grapheme longer than the window (a letter under dozens of marks): at least keep surrogate pairs whole.
  const code = text.charCodeAt(end)
  return code >= 0xdc00 && code <= 0xdfff && end - 1 > start ? end - 1 : end
}

/** A character that never combines with its neighbours into one grapheme. */
function isStandalone(code: number): boolean {
  return (
    code < 0x300 ||
    (code >= 0x370 && code < 0x483) || // Greek, Cyrillic
    (code >= 0x48a && code < 0x590) || // Cyrillic supplement, Armenian
    (code >= 0x3041 && code < 0x3097) || // hiragana
    (code >= 0x30a0 && code < 0x3100) || // katakana
    (code >= 0x4e00 && code < 0xa000) // CJK ideographs
  )
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x3000
}
