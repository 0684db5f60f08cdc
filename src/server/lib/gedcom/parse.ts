import { isGedcom7, sniffHeader } from './header-sniff.ts'
import { createWarningLog, type GedcomWarning, type WarningSink } from './warnings.ts'

/** One GEDCOM line and the lines under it. CONC and CONT lines are already joined into `value`. */
export interface GedcomNode {
  level: number
  /** The record's identifier without the @s (level 0 only, when the file gives one). */
  xref: string | undefined
  /** Upper-cased. */
  tag: string
  /** The text payload with escapes undone; undefined for a bare line and for a pointer. */
  value: string | undefined
  /** The target xref when the payload is a pointer (`@I1@` → `I1`); null for GEDCOM 7's `@VOID@`. */
  pointer: string | null | undefined
  /** 1-based line number in the text. */
  line: number
  /** Shared and frozen while the line has none: most lines are leaves, and an array each is millions of them. */
  children: readonly GedcomNode[]
}

export interface ParseOptions {
  /** GEDC.VERS; sniffed from the header when absent. It decides how `@@` is unescaped. */
  version?: string
  onWarning?: WarningSink
}

// level, optional xref, tag, then one space and the payload to the end of the line. Applied with the
// sticky flag at a line's start, so no line is ever copied before it is known to be good.
const LINE = /[ \t]*(\d+)[ \t]+(?:@([^@\s]+)@[ \t]+)?([A-Za-z0-9_]+)(?: ([^\r\n]*))?[ \t]*/y
const POINTER = /^@([^@#\s][^@\s]*)@$/
const NO_CHILDREN: readonly GedcomNode[] = Object.freeze([])

/**
 * Level-0 records one at a time, each a small tree: the file is never held as a list of lines or
 * nodes, so a 100,000-person file costs its text plus one record. Bad lines are skipped with a
 * warning that names their line; nothing here throws on content.
 */
export function* parseGedcomRecords(text: string, options: ParseOptions = {}): Generator<GedcomNode, { lines: number }, undefined> {
  const warn = options.onWarning ?? (() => {})
  const isVersion7 = isGedcom7(options.version ?? sniffHeader(text).version)
  const unescape = isVersion7 ? unescapeGedcom7 : unescapeGedcom5
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let nextLf = text.indexOf('\n', position)
  let nextCr = text.indexOf('\r', position)
  let lineNumber = 0
  let record: GedcomNode | undefined
  // path[k] is the open node at level k of the current record.
  const path: GedcomNode[] = []
  let hasTrailer = false
  let hasWarnedAfterTrailer = false
  let hasWarnedConc = false

  while (position < text.length) {
    if (nextLf !== -1 && nextLf < position) nextLf = text.indexOf('\n', position)
    if (nextCr !== -1 && nextCr < position) nextCr = text.indexOf('\r', position)
    const end = nextLf === -1 ? (nextCr === -1 ? text.length : nextCr) : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr)
    const start = position
    position = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1
    lineNumber += 1

    if (isBlank(text, start, end)) continue
    if (hasTrailer) {
      if (!hasWarnedAfterTrailer) warn({ code: 'after_trailer', message: 'lines after TRLR ignored', line: lineNumber })
      hasWarnedAfterTrailer = true
      continue
    }
    LINE.lastIndex = start
    const match = LINE.exec(text)
    if (match === null || LINE.lastIndex !== end) {
      warn({ code: 'bad_line', message: `not a GEDCOM line: ${JSON.stringify(text.slice(start, Math.min(end, start + 80)))}`, line: lineNumber })
      continue
    }
    const level = Number(match[1])
    const tag = upperCase(match[3] ?? '')
    const payload = match[4]

    if (level === 0) {
      if (record) yield record
      record = undefined
      if (tag === 'CONC' || tag === 'CONT') {
        warn({ code: 'bad_line', message: `${tag} at level 0`, line: lineNumber })
        continue
      }
      record = makeNode(0, match[2], tag, payload, lineNumber, unescape, isVersion7)
      path.length = 0
      path.push(record)
      if (tag === 'TRLR') hasTrailer = true
      continue
    }
    if (!record) {
      warn({ code: 'orphan_line', message: `level ${level} line before any record`, line: lineNumber })
      continue
    }
    if (level > path.length) {
      warn({ code: 'skipped_level', message: `level ${level} under a level ${path.length - 1} line`, line: lineNumber })
      continue
    }
    const parent = path[level - 1] as GedcomNode
    if (tag === 'CONT' || tag === 'CONC') {
      if (tag === 'CONC' && isVersion7 && !hasWarnedConc) {
        hasWarnedConc = true
        warn({ code: 'conc_in_gedcom7', message: 'CONC is not GEDCOM 7; joined anyway', line: lineNumber })
      }
      const piece = payload === undefined ? '' : unescape(payload)
      parent.value = (parent.value ?? '') + (tag === 'CONT' ? '\n' : '') + piece
      path.length = level
      continue
    }
    const node = makeNode(level, match[2], tag, payload, lineNumber, unescape, isVersion7)
    if (parent.children === NO_CHILDREN) parent.children = [node]
    else (parent.children as GedcomNode[]).push(node)
    path.length = level
    path.push(node)
  }
  if (record) yield record
  if (!hasTrailer && lineNumber > 0) warn({ code: 'missing_trailer', message: 'the file does not end with TRLR: it may be cut short', line: lineNumber })
  return { lines: lineNumber }
}

/** Every record at once, for small files and tests; large files should iterate `parseGedcomRecords`. */
export function parseGedcom(text: string, options: Omit<ParseOptions, 'onWarning'> = {}): { records: GedcomNode[]; warnings: GedcomWarning[] } {
  const log = createWarningLog(Number.POSITIVE_INFINITY)
  const records = [...parseGedcomRecords(text, { ...options, onWarning: log.add })]
  return { records, warnings: log.warnings }
}

function makeNode(
  level: number,
  xref: string | undefined,
  tag: string,
  payload: string | undefined,
  line: number,
  unescape: (value: string) => string,
  isVersion7: boolean,
): GedcomNode {
  const pointerMatch = payload === undefined ? null : POINTER.exec(payload)
  let pointer: string | null | undefined
  let value: string | undefined
  if (pointerMatch) pointer = isVersion7 && pointerMatch[1] === 'VOID' ? null : pointerMatch[1]
  else if (payload !== undefined && payload !== '') value = unescape(payload)
  return { level, xref, tag, value, pointer, line, children: NO_CHILDREN }
}

/** 5.5 and 5.5.1: every `@@` in a text stands for one `@`. */
function unescapeGedcom5(value: string): string {
  return value.includes('@@') ? value.replaceAll('@@', '@') : value
}

/** 7.0: only a payload that starts with `@@` is escaped, and only its first `@`. */
function unescapeGedcom7(value: string): string {
  return value.startsWith('@@') ? value.slice(1) : value
}

/** Spaces, tabs and the Ctrl-Z that DOS programs left at the end of a file. */
function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index)
    if (code !== 0x20 && code !== 0x09 && code !== 0x1a) return false
  }
  return true
}

function upperCase(tag: string): string {
  return /[a-z]/.test(tag) ? tag.toUpperCase() : tag
}
