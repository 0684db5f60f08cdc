// A GEDCOM 7.0 checker for the tests, driven by the specification's own tables
// (gedcom7-registry.json, built by scripts/gedcom7-registry.mjs) and its ABNF, and by nothing of
// Legado's reader or writer: it has its own line parser, so a mistake shared by our reader and
// writer cannot hide here. It answers with findings, each an `error` (the file breaks a "must" of
// the specification) or a `warning` (a "should": the byte-order mark, undocumented extension tags).
import { readFileSync } from 'node:fs'

interface Substructure {
  type: string
  cardinality: [min: number, max: number | null]
}
interface StructureType {
  tag: string
  /** 'none', 'Y', '@<record type>' for a pointer, or a data type of the specification. */
  payload: string
  enumerationSet?: string
  substructures: Record<string, Substructure>
}
interface Registry {
  source: { repository: string; commit: string; licence: string }
  records: Record<string, string>
  calendars: Record<string, { months: string[]; epochs: string[] }>
  enumerationSets: Record<string, string[]>
  structures: Record<string, StructureType>
}

export const registry: Registry = JSON.parse(readFileSync(new URL('./gedcom7-registry.json', import.meta.url), 'utf8'))

export interface Finding {
  severity: 'error' | 'warning'
  /** 1-based line number; 0 for the file as a whole. */
  line: number
  message: string
}

interface Node {
  line: number
  level: number
  xref: string | undefined
  tag: string
  payload: string | undefined
  isPointer: boolean
  /** The structure type's key in the registry; undefined for an extension or what lies beneath one. */
  type: string | undefined
  /** Path of tags from the record down, for messages. */
  path: string
  children: Node[]
  /** CONT lines end here; any other substructure after them is fine, a CONT after one is not. */
  acceptsCont: boolean
}

const extTag = /^_[A-Z0-9_]+$/
const stdTag = /^[A-Z][A-Z0-9_]*$/
const xrefPattern = /^@[A-Z0-9_]+@$/
// C0 controls other than tab, LF and CR; DEL; C1; lone surrogates; U+FFFE and U+FFFF.
// eslint-disable-next-line no-control-regex
const banned = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Checks one data stream, as bytes (UTF-8 is then checked too) or as text already decoded. */
export function validateGedcom7(input: string | Uint8Array): Finding[] {
  const findings: Finding[] = []
  const error = (line: number, message: string) => findings.push({ severity: 'error', line, message })
  const warning = (line: number, message: string) => findings.push({ severity: 'warning', line, message })

  let text: string
  if (typeof input === 'string') text = input
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input)
    } catch {
      error(0, 'the data stream is not valid UTF-8')
      return findings
    }
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1)
  else warning(0, 'the first character should be U+FEFF, the byte-order mark')

  const lines = text.split(/\r\n|\r|\n/)
  if (lines.at(-1) === '') lines.pop()
  const records: Node[] = []
  const stack: Node[] = []
  /** HEAD.SCHMA: each documented extension tag and its URIs, read as HEAD comes first. */
  const declared = new Map<string, string[]>()
  /** Extension tags met where the schema must document them: under a standard structure, or as a record. */
  const usedExtensions = new Map<string, number>()

  lines.forEach((raw, index) => {
    const number = index + 1
    if (banned.test(raw)) error(number, 'a banned character (a control character, a lone surrogate or a noncharacter)')
    const match = /^(0|[1-9][0-9]*) (?:(@[^@ ]+@) )?([^ ]+)(?: ([^]*))?$/.exec(raw)
    if (!match) return error(number, `not a GEDCOM line: ${JSON.stringify(raw.slice(0, 60))}`)
    const [, levelText, xref, tag, lineVal] = match as unknown as [string, string, string | undefined, string, string | undefined]
    const level = Number(levelText)
    if (!stdTag.test(tag) && !extTag.test(tag)) error(number, `${tag} is not a tag (upper-case letters, digits and underscores)`)
    if (xref !== undefined && (!xrefPattern.test(xref) || xref === '@VOID@')) error(number, `${xref} is not a cross-reference identifier`)
    if (lineVal === '') error(number, 'a space after the tag and no payload')
    const isPointer = lineVal !== undefined && xrefPattern.test(lineVal)
    if (lineVal !== undefined && !isPointer && lineVal.startsWith('@') && !lineVal.startsWith('@@')) error(number, 'a payload that starts with one @ must double it')
    const payload = lineVal === undefined || isPointer ? lineVal : lineVal.replace(/^@@/, '@')
    if (tag === 'CONC') error(number, 'CONC was removed in GEDCOM 7.0: a long line is written whole')

    while (stack.length > level) stack.pop()
    if (level > stack.length) {
      error(number, `level ${level} after level ${stack.length - 1}: levels step down any amount but up by one`)
      return
    }
    const parent = stack.at(-1)
    if (tag === 'CONT' && parent !== undefined) {
      if (xref !== undefined) error(number, 'CONT takes no cross-reference identifier')
      if (parent.isPointer) error(number, `CONT under ${parent.path}, a pointer`)
      else if (!parent.acceptsCont) error(number, `CONT under ${parent.path} after another substructure: continuation lines come right after their line`)
      else parent.payload = `${parent.payload ?? ''}\n${payload ?? ''}`
      // What follows a CONT at a deeper level would be its child, which it cannot have.
      stack.push({ line: number, level, xref, tag, payload, isPointer, type: 'CONT', path: `${parent.path}.CONT`, children: [], acceptsCont: false })
      return
    }
    if (parent?.type === 'CONT') return error(number, 'a CONT line has no substructures')
    if (parent) parent.acceptsCont = false

    if (parent?.path === 'HEAD.SCHMA' && tag === 'TAG') {
      const [defined, uri] = (payload ?? '').split(' ')
      if (defined !== undefined && uri !== undefined) declared.set(defined, [...(declared.get(defined) ?? []), uri])
    }
    // A documented extension tag whose URI is a standard structure type stands for that type
    // (an aliased record, a relocated standard structure), checked as that type.
    const aliased = extTag.test(tag) ? standardTypeOf(declared.get(tag)) : undefined
    let type: string | undefined
    if (level === 0) {
      // A record may go without a cross-reference identifier when nothing points to it.
      if (xref !== undefined && (tag === 'HEAD' || tag === 'TRLR')) error(number, `${tag} takes no cross-reference identifier`)
      if (extTag.test(tag)) {
        usedExtensions.set(tag, usedExtensions.get(tag) ?? number)
        if (aliased?.startsWith('record-')) type = aliased
      } else if (registry.records[tag] === undefined) error(number, `${tag} is not a record type of GEDCOM 7.0`)
      else type = registry.records[tag]
    } else {
      if (xref !== undefined) error(number, 'only a record (level 0) has a cross-reference identifier')
      const parentType = parent?.type === undefined ? undefined : registry.structures[parent.type]
      if (parentType !== undefined) {
        if (extTag.test(tag)) {
          usedExtensions.set(tag, usedExtensions.get(tag) ?? number)
          if (aliased !== undefined && !aliased.startsWith('record-')) type = aliased
        } else if (parentType.substructures[tag] === undefined) error(number, `${tag} is not a substructure of ${parent!.path}`)
        else type = parentType.substructures[tag].type
      }
    }
    const node: Node = { line: number, level, xref, tag, payload, isPointer, type, path: parent ? `${parent.path}.${tag}` : tag, children: [], acceptsCont: true }
    if (parent) parent.children.push(node)
    else records.push(node)
    stack.push(node)
  })

  // The frame: HEAD first with GEDC.VERS 7.0, TRLR last, one of each.
  const head = records[0]
  if (head?.tag !== 'HEAD') error(head?.line ?? 0, 'the first record must be HEAD')
  const version = head?.children.find((child) => child.tag === 'GEDC')?.children.find((child) => child.tag === 'VERS')?.payload
  if (head?.tag === 'HEAD' && !/^7\.0(\.[0-9]+)?$/.test(version ?? '')) error(head.line, `HEAD.GEDC.VERS must be 7.0, not ${version ?? 'absent'}`)
  if (records.at(-1)?.tag !== 'TRLR') error(records.at(-1)?.line ?? 0, 'the last record must be TRLR')
  for (const record of records.slice(1)) if (record.tag === 'HEAD') error(record.line, 'a second HEAD')
  for (const record of records.slice(0, -1)) if (record.tag === 'TRLR') error(record.line, 'TRLR before the end')

  const targets = new Map<string, Node>()
  for (const record of records) {
    if (record.xref === undefined) continue
    if (targets.has(record.xref)) error(record.line, `${record.xref} names two records`)
    else targets.set(record.xref, record)
  }

  const check = (node: Node) => {
    const type = node.type === undefined ? undefined : registry.structures[node.type]
    if (type !== undefined) {
      checkPayload(node, type, targets, usedExtensions, error)
      const counts = new Map<string, Node[]>()
      for (const child of node.children) if (child.type !== undefined && child.type !== 'CONT') counts.set(child.tag, [...(counts.get(child.tag) ?? []), child])
      for (const [tag, sub] of Object.entries(type.substructures)) {
        const [min, max] = sub.cardinality
        const found = counts.get(tag)?.length ?? 0
        if (found < min) error(node.line, `${node.path} needs at least ${min} ${tag}, has ${found}`)
        if (max !== null && found > max) error(counts.get(tag)![max]!.line, `${node.path} takes at most ${max} ${tag}, has ${found}`)
      }
    }
    for (const child of node.children) check(child)
  }
  for (const record of records) check(record)

  for (const [tag, line] of usedExtensions) if (!declared.has(tag)) warning(line, `the extension tag ${tag} should be documented in HEAD.SCHMA (2 TAG ${tag} <its URI>)`)
  return findings.sort((a, b) => a.line - b.line)
}

function checkPayload(node: Node, type: StructureType, targets: Map<string, Node>, usedExtensions: Map<string, number>, error: (line: number, message: string) => void): void {
  const { payload, path, line } = node
  const kind = type.payload
  if (kind.startsWith('@')) {
    if (!node.isPointer) return void error(line, `${path} must point to a ${kind.slice(1)} (@XREF@ or @VOID@), not ${JSON.stringify(payload ?? '')}`)
    if (payload === '@VOID@') return
    const target = targets.get(payload!)
    const expected = kind.slice(1)
    if (target === undefined) error(line, `${path} points to ${payload}, which no record has`)
    else if (target.type !== expected) error(line, `${path} points to ${payload}, a ${target.tag} record, not a ${registry.structures[expected]?.tag ?? expected}`)
    return
  }
  if (node.isPointer) return void error(line, `${path} takes no pointer`)
  if (kind === 'none') {
    if (payload !== undefined) error(line, `${path} takes no payload, not ${JSON.stringify(payload)}`)
    return
  }
  if (kind === 'Y') {
    if (payload !== undefined && payload !== 'Y') error(line, `${path} takes Y or nothing, not ${JSON.stringify(payload)}`)
    return
  }
  // An absent payload is an empty one (the specification treats them alike); only these may be empty.
  const value = payload ?? ''
  if (value === '' && ['Text', 'ListText', 'Date', 'DatePeriod', 'Age', 'Name'].includes(kind)) return
  const isEnum = (tag: string) => extTag.test(tag) || (registry.enumerationSets[type.enumerationSet ?? ''] ?? []).includes(tag)
  const problem = ((): string | undefined => {
    switch (kind) {
      case 'Text':
      case 'ListText':
        return undefined
      case 'Enum':
        if (extTag.test(value)) usedExtensions.set(value, usedExtensions.get(value) ?? line)
        return isEnum(value) ? undefined : `not one of ${registry.enumerationSets[type.enumerationSet ?? '']?.join(' ')} or an extension tag`
      case 'ListEnum':
        return value.split(/ *, */).every(isEnum) ? undefined : `not a list of ${registry.enumerationSets[type.enumerationSet ?? '']?.join(' ')}`
      case 'Date':
        return checkDate(value, 'value')
      case 'DatePeriod':
        return checkDate(value, 'period')
      case 'DateExact':
        return checkDate(value, 'exact')
      case 'Time':
        return /^([0-9]|[01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]+)?)?Z?$/.test(value) ? undefined : 'not a time'
      case 'Age':
        return /^([<>] )?([0-9]+y( [0-9]+m)?( [0-9]+w)?( [0-9]+d)?|[0-9]+m( [0-9]+w)?( [0-9]+d)?|[0-9]+w( [0-9]+d)?|[0-9]+d)$/.test(value) ? undefined : 'not an age'
      case 'Integer':
        return /^[0-9]+$/.test(value) ? undefined : 'not a non-negative integer'
      case 'Latitude':
        return /^[NS](90|[0-8]?[0-9])(\.[0-9]+)?$/.test(value) ? undefined : 'not a latitude'
      case 'Longitude':
        return /^[EW](180|1[0-7][0-9]|0?[0-9]?[0-9])(\.[0-9]+)?$/.test(value) ? undefined : 'not a longitude'
      case 'Language':
        return languageTag.test(value) ? undefined : 'not a BCP 47 language tag'
      case 'MediaType':
        return mediaType.test(value) ? undefined : 'not a media type'
      case 'URI':
      case 'FilePath':
        return uriReference.test(value) ? undefined : 'not a URI reference (spaces and other characters outside URIs are percent-encoded)'
      case 'Name': {
        const slashes = value.split('/').length - 1
        return (slashes === 0 || slashes === 2) && !value.includes('\t') && !value.includes('\n') ? undefined : 'not a personal name (a surname between two slashes, or none)'
      }
      case 'TagDef': {
        const [tag, uri, ...rest] = value.split(' ')
        return tag !== undefined && extTag.test(tag) && uri !== undefined && rest.length === 0 && uriReference.test(uri) ? undefined : 'not an extension tag and its URI'
      }
      default:
        return `an unknown payload type ${kind}`
    }
  })()
  if (problem !== undefined) error(line, `${path} ${JSON.stringify(value)}: ${problem}`)
}

// RFC 5646 language tags, as the specification's ABNF takes them (grandfathered ones by name).
const languageTag =
  /^(([A-Za-z]{2,3}(-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(-[0-9A-WY-Za-wy-z](-[A-Za-z0-9]{2,8})+)*(-x(-[A-Za-z0-9]{1,8})+)?|x(-[A-Za-z0-9]{1,8})+|en-GB-oed|i-[a-z]+|sgn-BE-FR|sgn-BE-NL|sgn-CH-DE)$/
// RFC 6838 type/subtype with RFC 9110 parameters.
const mediaType =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}([ \t]*;[ \t]*([!#$%&'*+.^_`|~A-Za-z0-9-]+=([!#$%&'*+.^_`|~A-Za-z0-9-]+|"([^"\\]|\\.)*"))?)*$/
// A URI reference by its characters: RFC 3986's unreserved, reserved and percent-encoded octets,
// and non-ASCII letters as a URL string may have them; never a space, a backslash or a control.
const uriReference = /^([A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=\u00A0-\u{10FFFF}]|%[0-9A-Fa-f]{2})+$/u

const v7 = 'https://gedcom.io/terms/v7/'
/** The registry's key of the standard structure type among `uris`, if one is. */
function standardTypeOf(uris: string[] | undefined): string | undefined {
  const key = uris?.find((uri) => uri.startsWith(v7) && registry.structures[uri.slice(v7.length)] !== undefined)?.slice(v7.length)
  return key
}

const dateKeywords = new Set(['FROM', 'TO', 'BET', 'AND', 'BEF', 'AFT', 'ABT', 'CAL', 'EST'])

/** The DATE payloads of the 7.0 grammar: DateValue, DatePeriod and DateExact. Undefined when it fits. */
export function checkDate(value: string, form: 'value' | 'period' | 'exact'): string | undefined {
  if (value === '') return form === 'exact' ? 'an exact date cannot be empty' : undefined
  const words = value.split(' ')
  if (words.includes('')) return 'words are separated by exactly one space'
  if (form === 'exact') {
    const [day, month, year, ...rest] = words
    return rest.length === 0 && /^[0-9]+$/.test(day ?? '') && registry.calendars.GREGORIAN!.months.includes(month ?? '') && /^[0-9]+$/.test(year ?? '')
      ? dayProblem(day!)
      : 'not an exact date (day, month, year in the Gregorian calendar)'
  }
  const first = words[0]!
  const at = (keyword: string) => words.indexOf(keyword)
  if (first === 'FROM') {
    const to = at('TO')
    return to === -1 ? checkPoint(words.slice(1)) : (checkPoint(words.slice(1, to)) ?? checkPoint(words.slice(to + 1)))
  }
  if (first === 'TO') return checkPoint(words.slice(1))
  if (form === 'period') return 'a date period is FROM and/or TO'
  if (first === 'BET') {
    const and = at('AND')
    return and === -1 ? 'BET without AND' : (checkPoint(words.slice(1, and)) ?? checkPoint(words.slice(and + 1)))
  }
  if (['BEF', 'AFT', 'ABT', 'CAL', 'EST'].includes(first)) return checkPoint(words.slice(1))
  return checkPoint(words)
}

/** `date = [calendar D] [[day D] month D] year [D epoch]`, months and epochs as the calendar defines them. */
function checkPoint(words: string[]): string | undefined {
  if (words.length === 0) return 'a date is missing'
  const keyword = words.find((word) => dateKeywords.has(word))
  if (keyword !== undefined) return `${keyword} in the wrong place`
  let rest = words
  let calendarName = 'GREGORIAN'
  if (registry.calendars[rest[0]!] !== undefined || (extTag.test(rest[0]!) && rest.length > 1)) {
    calendarName = rest[0]!
    rest = rest.slice(1)
  }
  const calendar = registry.calendars[calendarName]
  const last = rest.at(-1)
  if (last !== undefined && !/^[0-9]+$/.test(last)) {
    if (!extTag.test(last) && (calendar ? !calendar.epochs.includes(last) : !stdTag.test(last))) return `${last} is not an epoch of ${calendarName}`
    rest = rest.slice(0, -1)
  }
  const year = rest.at(-1)
  if (year === undefined || !/^[0-9]+$/.test(year)) return 'a date needs a year'
  if (rest.length === 1) return undefined
  const month = rest.at(-2)!
  if (!extTag.test(month) && (calendar ? !calendar.months.includes(month) : !stdTag.test(month))) return `${month} is not a month of ${calendarName}`
  if (rest.length === 2) return undefined
  if (rest.length > 3 || !/^[0-9]+$/.test(rest[0]!)) return `${rest.join(' ')} is not [day] month year`
  return dayProblem(rest[0]!)
}

const dayProblem = (day: string) => (Number(day) >= 1 && Number(day) <= 31 ? undefined : `${day} is not a day of a month`)

/** Only the errors, as `line N: message`: what a test compares with an empty list. */
export function gedcom7Errors(input: string | Uint8Array): string[] {
  return validateGedcom7(input)
    .filter((finding) => finding.severity === 'error')
    .map((finding) => `line ${finding.line}: ${finding.message}`)
}
