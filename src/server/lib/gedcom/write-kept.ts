// Writing back the structures Legado kept without modelling them, in the version asked for. What
// the two versions spell differently is converted where the 7.0 specification says how: NOTE and
// SNOTE pointers, sources without a record (`SOUR text` in 5.5.1, `SOUR @VOID@` with PAGE in 7.0),
// AFN, RFN and RIN as EXID, ASSO's RELA as ROLE, calendar escapes and phrases in dates, media
// formats and file references. A tag only 7.0 defines becomes an extension (`_TAG`) in 5.5.1.
import { toGedcom551Date, toGedcom7Date } from './dates.ts'
import { toGedcom7FileReference, toMediaType, toShortFormat } from './media-format.ts'
import type { GedcomKeptNode } from './model.ts'
import { isStandardTag } from './tags.ts'
import type { TextEscape } from './value-lines.ts'

/** 7.0's enumerations that take OTHER with a PHRASE for a value outside them. */
const ENUMS_WITH_OTHER: Record<string, readonly string[]> = {
  TYPE: ['AKA', 'BIRTH', 'IMMIGRANT', 'MAIDEN', 'MARRIED', 'PROFESSIONAL', 'OTHER'],
  MEDI: ['AUDIO', 'BOOK', 'CARD', 'ELECTRONIC', 'FICHE', 'FILM', 'MAGAZINE', 'MANUSCRIPT', 'MAP', 'NEWSPAPER', 'PHOTO', 'TOMBSTONE', 'VIDEO', 'OTHER'],
  ROLE: ['CHIL', 'CLERGY', 'FATH', 'FRIEND', 'GODP', 'HUSB', 'MOTH', 'MULTIPLE', 'NGHBR', 'OFFICIATOR', 'PARENT', 'SPOU', 'WIFE', 'WITN', 'OTHER'],
}
const LDS_ORDINANCES = new Set(['BAPL', 'CONL', 'ENDL', 'INIL', 'SLGC', 'SLGS'])
/** 5.5.1's age keywords, as 7.0 spells them. */
const AGE_WORDS: Record<string, string> = { STILLBORN: '0y', INFANT: '< 1y', CHILD: '< 8y' }
const AGE_7 = /^([<>] )?([0-9]+y( [0-9]+m)?( [0-9]+w)?( [0-9]+d)?|[0-9]+m( [0-9]+w)?( [0-9]+d)?|[0-9]+w( [0-9]+d)?|[0-9]+d)$/
/** Events whose payload 7.0 allows to be only Y: a 5.5.1 program's text there (a burial's cemetery) becomes a note. */
const TEXT_EVENTS = new Set(['EVEN', 'FACT', 'CAST', 'DSCR', 'EDUC', 'IDNO', 'NATI', 'NCHI', 'NMR', 'OCCU', 'PROP', 'RELI', 'RESI', 'SSN', 'TITL'])
const EVENTS =
  /^(ADOP|ANUL|BAPM|BARM|BASM|BIRT|BLES|BURI|CENS|CHR|CHRA|CONF|CREM|DEAT|DIV|DIVF|EMIG|ENGA|FCOM|GRAD|IMMI|MARB|MARC|MARL|MARR|MARS|NATU|ORDN|PROB|RETI|WILL|BAPL|CONL|ENDL|INIL|SLGC|SLGS)$/

/** A 5.5.1 age (`76`, `>42y 6m`, `INFANT`) as 7.0 writes it; what 7.0 cannot say goes to a PHRASE. */
function toAge7(node: GedcomKeptNode): GedcomKeptNode {
  const text = (node.value ?? '').trim()
  const word = AGE_WORDS[text.toUpperCase()]
  if (word !== undefined) return { ...node, value: word, children: [{ tag: 'PHRASE', value: text }, ...(node.children ?? [])] }
  const spaced = text.replace(/^([<>])\s*/, '$1 ').replace(/^(\d+)$/, '$1y')
  if (AGE_7.test(spaced)) return { ...node, value: spaced }
  return { tag: node.tag, children: [{ tag: 'PHRASE', value: text }, ...(node.children ?? [])] }
}

/** Tags 7.0 defines and 5.5.1 does not: written as extensions there. */
const ONLY_IN_7 = new Set(['CREA', 'CROP', 'EXID', 'HEIGHT', 'INIL', 'LEFT', 'MIME', 'NO', 'PHRASE', 'SDATE', 'TOP', 'TRAN', 'UID', 'WIDTH'])
/** 5.5.1's record numbers, and the EXID type 7.0 gives each. */
const EXID_TYPES: Record<string, string> = { AFN: 'https://gedcom.io/terms/v7/AFN', RFN: 'https://gedcom.io/terms/v7/RFN', RIN: 'https://gedcom.io/terms/v7/RIN' }

export interface KeptWriter {
  isVersion7: boolean
  out: string[]
  /** Appends a line with a text payload, continued and escaped as the version wants. */
  value(head: string, level: number, payload: string, escape?: TextEscape): void
  /** A model xref as the file names it; undefined when its record is not in the file. */
  resolve(pointer: string): string | undefined
  /** 7.0 links multimedia only by pointer: an inline OBJE becomes a record, and this is its xref. */
  addMediaRecord(node: GedcomKeptNode): string
}

/** Writes kept structures at `level`, each with everything under it. */
export function writeKept(nodes: readonly GedcomKeptNode[] | undefined, level: number, writer: KeptWriter, parentTag = ''): void {
  for (const node of nodes ?? []) {
    if (node.isModeled) continue
    if (writer.isVersion7 && node.tag === 'OBJE' && node.pointer === undefined && parentTag !== '') {
      writer.out.push(`${level} OBJE @${writer.addMediaRecord(node)}@`)
      continue
    }
    const converted = writer.isVersion7 ? toVersion7(node, parentTag) : toVersion551(node, parentTag)
    if (converted === undefined) continue
    const { tag, value, pointer, children } = converted
    const head = `${level} ${tag}`
    if (pointer !== undefined) {
      const target = pointer === null ? undefined : writer.resolve(pointer)
      // A record not in the file: 7.0 says so with @VOID@; 5.5.1 has no such pointer, and the structure is left out.
      if (target === undefined && !writer.isVersion7) continue
      writer.out.push(`${head} @${target ?? 'VOID'}@`)
    } else if (value !== undefined) writer.value(head, level, value, tag === 'DATE' && !writer.isVersion7 ? 'none' : undefined)
    else writer.out.push(head)
    writeKept(children, level + 1, writer, tag)
  }
}

const child = (node: GedcomKeptNode, tag: string) => node.children?.find((candidate) => candidate.tag === tag)
const without = (node: GedcomKeptNode, tag: string) => node.children?.filter((candidate) => candidate.tag !== tag)

/**
 * An inline multimedia link as the substructures of a 7.0 OBJE record: each FILE with its FORM
 * and TITL under it (5.5 and 5.5.1 put them beside FILE).
 */
export function mediaRecordChildren(node: GedcomKeptNode): GedcomKeptNode[] {
  const beside = (tag: string) => node.children?.find((candidate) => candidate.tag === tag)
  return (node.children ?? []).flatMap((file): GedcomKeptNode[] => {
    if (file.tag === 'FORM' || file.tag === 'TITL') return []
    if (file.tag !== 'FILE') return [file]
    const under = file.children ?? []
    const extra = ['FORM', 'TITL'].flatMap((tag) => (under.some((candidate) => candidate.tag === tag) ? [] : (beside(tag) ?? [])))
    return [{ ...file, children: [...under, ...extra] }]
  })
}

function toVersion7(node: GedcomKeptNode, parentTag: string): GedcomKeptNode | undefined {
  const { tag } = node
  // A program's own tag without the underscore 7.0 requires of extensions (FamilySearch's FSID).
  if (!isStandardTag(tag) && !tag.startsWith('_')) return { ...node, tag: `_${tag}` }
  const choices = ENUMS_WITH_OTHER[tag]
  if (choices !== undefined && node.value !== undefined && (tag !== 'TYPE' || parentTag === 'NAME') && (tag !== 'MEDI' || parentTag === 'CALN')) {
    const upper = node.value.trim().toUpperCase()
    if (choices.includes(upper)) return { ...node, value: upper }
    return { ...node, value: 'OTHER', children: [{ tag: 'PHRASE', value: node.value }, ...(node.children ?? [])] }
  }
  if (tag === 'RESN' && node.value !== undefined) return { ...node, value: node.value.toUpperCase().replace(/\s*,\s*/g, ', ') }
  if (tag === 'AGE' && node.value !== undefined) return toAge7(node)
  // 7.0's LDS ordinances take no payload at all, not even 5.5.1's Y.
  if (LDS_ORDINANCES.has(tag) && node.value?.trim().toUpperCase() === 'Y') return { tag, ...(node.children ? { children: node.children } : {}) }
  if (tag === 'NAME' && (node.value?.split('/').length ?? 0) > 3) {
    // 7.0 allows one surname between two slashes: the first pair is the one readers take, the rest become division slashes.
    const [given, surname, ...rest] = node.value!.split('/')
    return { ...node, value: `${given}/${surname}/${rest.join('\u2215')}` }
  }
  if (parentTag === '' && EVENTS.test(tag) && !TEXT_EVENTS.has(tag) && node.value !== undefined && node.value.trim().toUpperCase() !== 'Y')
    return { ...node, value: 'Y', children: [{ tag: 'NOTE', value: node.value }, ...(node.children ?? [])] }
  if (tag === 'NOTE' && node.pointer !== undefined) return { ...node, tag: 'SNOTE' }
  if (tag === 'SOUR' && node.pointer === undefined) {
    // A citation without a source record: the formatted citation goes in PAGE; its TEXT in DATA.
    const texts = node.children?.filter((candidate) => candidate.tag === 'TEXT') ?? []
    const others = node.children?.filter((candidate) => candidate.tag !== 'TEXT') ?? []
    const page: GedcomKeptNode[] = node.value === undefined ? [] : [{ tag: 'PAGE', value: node.value }]
    return { tag, pointer: null, children: [...page, ...others, ...(texts.length > 0 ? [{ tag: 'DATA', children: texts }] : [])] }
  }
  const exidType = EXID_TYPES[tag]
  if (exidType !== undefined && node.value !== undefined) {
    // RFN is `source:number`; the source becomes the type's fragment, as for RIN the program would.
    const split = tag === 'RFN' ? /^([^:]+):(.+)$/.exec(node.value) : null
    return { tag: 'EXID', value: split ? split[2]! : node.value, children: [{ tag: 'TYPE', value: split ? `${exidType}#${split[1]}` : exidType }, ...(node.children ?? [])] }
  }
  if (tag === 'RELA' && parentTag === 'ASSO' && node.value !== undefined) return { tag: 'ROLE', value: 'OTHER', children: [{ tag: 'PHRASE', value: node.value }] }
  if (tag === 'DATE' && node.value !== undefined && child(node, 'PHRASE') === undefined) {
    const { value, phrase } = toGedcom7Date(node.value)
    return { ...node, value, ...(phrase === undefined ? {} : { children: [{ tag: 'PHRASE', value: phrase }, ...(node.children ?? [])] }) }
  }
  if (tag === 'FILE' && node.value !== undefined) {
    const file = node.value
    return {
      ...node,
      value: toGedcom7FileReference(file),
      children: node.children?.map((form) => (form.tag === 'FORM' ? { ...form, value: toMediaType(form.value, file) } : form)),
    }
  }
  return node
}

function toVersion551(node: GedcomKeptNode, parentTag: string): GedcomKeptNode | undefined {
  const { tag } = node
  if (tag === 'SNOTE') return { ...node, tag: 'NOTE' }
  if (tag === 'SOUR' && node.pointer === null) {
    // 7.0's citation of no source record is 5.5.1's source described in its own text.
    const page = child(node, 'PAGE')?.value
    const { pointer: _pointer, ...rest } = node
    return { ...rest, ...(page === undefined ? {} : { value: page }), children: without(node, 'PAGE') }
  }
  if (tag === 'EXID' && node.value !== undefined) {
    const type = child(node, 'TYPE')?.value ?? ''
    const known = Object.entries(EXID_TYPES).find(([, uri]) => type === uri || type.startsWith(`${uri}#`))
    if (known) {
      const fragment = type.slice(known[1].length + 1)
      return { tag: known[0], value: known[0] === 'RFN' && fragment ? `${fragment}:${node.value}` : node.value, children: without(node, 'TYPE') }
    }
  }
  if (tag === 'ROLE' && parentTag === 'ASSO') return { tag: 'RELA', value: child(node, 'PHRASE')?.value ?? node.value ?? '', children: without(node, 'PHRASE') }
  if (tag === 'DATE') {
    const phrase = child(node, 'PHRASE')?.value
    const value = toGedcom551Date(node.value, phrase)
    return value === undefined ? undefined : { ...node, value, children: without(node, 'PHRASE') }
  }
  if (tag === 'FORM' && parentTag === 'FILE' && node.value?.includes('/')) return { ...node, value: toShortFormat(node.value, '') }
  if (ONLY_IN_7.has(tag)) return { ...node, tag: `_${tag}` }
  return node
}
