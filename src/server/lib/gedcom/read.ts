import { linkFamilies } from './read-links.ts'
import {
  childOf,
  childValue,
  countUnknownBelow,
  countUnknownTags,
  readEvent,
  readMediaFiles,
  readName,
  readPartnerPedigrees,
  readPedigree,
  readRelation,
  readSex,
} from './read-structures.ts'
import { countKept, eventExtras, keepNode, keepRecord, keptPointers, nameExtras } from './read-kept.ts'
import {
  summaryTag,
  type GedcomChildLink,
  type GedcomFamily,
  type GedcomHeader,
  type GedcomIndividual,
  type GedcomKeptNode,
  type GedcomKeptRecord,
  type GedcomMediaRef,
  type GedcomNote,
  type GedcomTree,
} from './model.ts'
import type { GedcomNode } from './parse.ts'
import { isStandardTag } from './tags.ts'
import { createWarningLog, type WarningLog, type WarningSink } from './warnings.ts'

/** Structures only the first of which is read (a second NAME, BIRT…), as bits to remember per record. */
const READ_ONCE: Record<string, number> = { NAME: 1, SEX: 2, BIRT: 4, DEAT: 8, MARR: 16, DIV: 32 }

/** Records read into people's and families' notes and files. */
const READ_RECORDS = new Set(['NOTE', 'SNOTE', 'OBJE'])

interface RecordContext {
  warn: WarningSink
  /** Keeps a structure Legado does not model with its record, whole, to be written back. */
  keep: (record: { kept?: GedcomKeptNode[] }, node: GedcomKeptNode) => void
  /** Counts the custom tags under a structure Legado reads only in part (a FAMC's `_FREL`): those are lost. */
  countUnknown: (node: GedcomNode) => void
  /** Per-parent kinds a family's CHIL lines give, by `family child`: put on the child's link once both sides are linked. */
  childKinds: Map<string, Pick<GedcomChildLink, 'husband' | 'wife'>>
}

export interface ReadOptions {
  /** Where warnings go; pass the log the decoder and parser wrote to, to get one list. */
  warnings?: WarningLog
}

/**
 * Records (from `parseGedcomRecords`) to the neutral model. Notes and media behind pointers are
 * resolved, links between people and families are checked both ways, and whatever cannot be used
 * (a pointer to nothing, a third partner) becomes a warning instead of an error.
 */
export function readGedcom(records: Iterable<GedcomNode>, options: ReadOptions = {}): GedcomTree {
  const log = options.warnings ?? createWarningLog()
  const warn = log.add
  const header: GedcomHeader = {}
  const individuals: GedcomIndividual[] = []
  const families: GedcomFamily[] = []
  // Each record's first line, for warnings about links found broken once the whole file is in.
  const individualLines: number[] = []
  const familyLines: number[] = []
  const noteRecords = new Map<string, string>()
  const mediaRecords = new Map<string, Omit<GedcomMediaRef, 'record'>[]>()
  // Records other than people and families, kept if a kept structure points to them.
  const otherRecords = new Map<string, GedcomNode>()
  const unknownTags = new Map<string, number>()
  const unmappedTags = new Map<string, number>()
  const keptTags = new Map<string, number>()
  const usedXrefs = new Set<string>()
  const bump = (counts: Map<string, number>, tag: string) => counts.set(tag, (counts.get(tag) ?? 0) + 1)
  let isFirst = true
  const context: RecordContext = {
    warn,
    keep: (record, node) => {
      ;(record.kept ??= []).push(node)
      countKept(node, keptTags)
    },
    countUnknown: (node) => countUnknownBelow(node, unknownTags),
    childKinds: new Map(),
  }

  /** A record not kept: its tag, if standard and not read (note and media records are, into people's notes and files), and the custom tags in it. */
  const countSkippedRecord = (record: GedcomNode) => {
    if (isStandardTag(record.tag) && !READ_RECORDS.has(record.tag)) bump(unmappedTags, record.tag)
    countUnknownTags(record, unknownTags)
  }

  /** The record's xref, made unique: a duplicate would make two people one. */
  const identify = (record: GedcomNode): string => {
    if (record.xref === undefined) return `(line ${record.line})`
    if (!usedXrefs.has(record.xref)) {
      usedXrefs.add(record.xref)
      return record.xref
    }
    warn({ code: 'duplicate_xref', message: `@${record.xref}@ is defined twice; the second is kept unlinked`, line: record.line, xref: record.xref })
    return `${record.xref} (line ${record.line})`
  }

  for (const record of records) {
    if (isFirst && record.tag !== 'HEAD') warn({ code: 'missing_header', message: 'the file does not start with HEAD', line: record.line })
    isFirst = false
    switch (record.tag) {
      case 'HEAD':
        countUnknownTags(record, unknownTags)
        Object.assign(header, readHeader(record))
        break
      case 'INDI':
        individuals.push(readIndividual(record, identify(record), context))
        individualLines.push(record.line)
        break
      case 'FAM':
        families.push(readFamily(record, identify(record), context))
        familyLines.push(record.line)
        break
      case 'TRLR':
        break
      default:
        if ((record.tag === 'NOTE' || record.tag === 'SNOTE') && record.xref !== undefined && !noteRecords.has(record.xref)) noteRecords.set(record.xref, record.value ?? '')
        if (record.tag === 'OBJE' && record.xref !== undefined && !mediaRecords.has(record.xref)) mediaRecords.set(record.xref, readMediaFiles(record))
        if (record.xref !== undefined && !otherRecords.has(record.xref)) otherRecords.set(record.xref, record)
        else countSkippedRecord(record)
    }
  }
  const keptRecords = keepReachableRecords([...individuals, ...families], otherRecords, (record) => bump(keptTags, record.tag), countSkippedRecord)
  linkFamilies({ individuals, individualLines, families, familyLines, noteRecords, mediaRecords, warn })
  if (context.childKinds.size > 0) applyChildKinds(individuals, context.childKinds)
  let notes = 0
  let mediaReferences = 0
  for (const owner of [individuals, families].flat()) {
    notes += owner.notes.length
    mediaReferences += owner.media.length
  }
  return {
    header,
    individuals,
    families,
    ...(keptRecords.length > 0 ? { keptRecords } : {}),
    ...(header.schema ? { schema: header.schema } : {}),
    counts: { people: individuals.length, families: families.length, notes, mediaReferences },
    unknownTags: Object.fromEntries(unknownTags),
    unmappedTags: Object.fromEntries(unmappedTags),
    keptTags: Object.fromEntries(keptTags),
    warnings: log.warnings,
    warningCounts: log.counts,
  }
}

/**
 * The records (sources, repositories, notes, media, `_` records) that kept structures point to,
 * and those they point to in turn, kept whole in file order; the others are counted as skipped
 * (a note record people point to is read into their notes, not kept).
 */
function keepReachableRecords(
  owners: { kept?: GedcomKeptNode[] }[],
  records: Map<string, GedcomNode>,
  onKept: (record: GedcomNode) => void,
  onSkipped: (record: GedcomNode) => void,
): GedcomKeptRecord[] {
  const reached = new Set<string>()
  const pending: string[] = []
  const reach = (nodes: readonly GedcomKeptNode[]) => {
    for (const xref of keptPointers(nodes)) {
      if (!records.has(xref) || reached.has(xref)) continue
      reached.add(xref)
      pending.push(xref)
    }
  }
  for (const owner of owners) if (owner.kept) reach(owner.kept)
  const kept = new Map<string, GedcomKeptRecord>()
  for (let xref = pending.pop(); xref !== undefined; xref = pending.pop()) {
    const record = keepRecord(records.get(xref)!, xref)
    kept.set(xref, record)
    reach([record])
  }
  const inOrder: GedcomKeptRecord[] = []
  for (const [xref, record] of records) {
    const keptRecord = kept.get(xref)
    if (keptRecord === undefined) onSkipped(record)
    else {
      onKept(record)
      inOrder.push(keptRecord)
    }
  }
  return inOrder
}

function readHeader(record: GedcomNode): GedcomHeader {
  const header: GedcomHeader = {}
  const gedc = childOf(record, 'GEDC')
  const version = gedc ? childValue(gedc, 'VERS') : undefined
  if (version !== undefined) header.version = version
  const charset = childValue(record, 'CHAR')
  if (charset !== undefined) header.charset = charset
  const source = childOf(record, 'SOUR')
  const id = source?.value?.trim()
  if (source && id) {
    header.source = { id }
    const name = childValue(source, 'NAME')
    if (name !== undefined) header.source.name = name
    const sourceVersion = childValue(source, 'VERS')
    if (sourceVersion !== undefined) header.source.version = sourceVersion
  }
  const declarations = childOf(record, 'SCHMA')
    ?.children.filter((node) => node.tag === 'TAG')
    .flatMap((node) => {
      const [tag, uri] = node.value?.trim().split(/\s+/, 2) ?? []
      return tag ? [{ tag, uri }] : []
    })
  if (declarations?.length) header.extensionTags = declarations.map(({ tag }) => tag)
  for (const { tag, uri } of declarations ?? []) if (uri) (header.schema ??= {})[tag] = uri
  return header
}

function readIndividual(record: GedcomNode, xref: string, context: RecordContext): GedcomIndividual {
  const person: GedcomIndividual = { xref, givenNames: '', surname: '', sex: 'U', notes: [], media: [], childOf: [], spouseOf: [] }
  const keep = (node: GedcomKeptNode | undefined) => node && context.keep(person, node)
  // FAMC links without PEDI, and families an ADOP event names: such a link is an adoption.
  let withoutPedigree: Set<GedcomChildLink> | undefined
  let adoptedInto: { family: string; by: string | undefined }[] | undefined
  let seen = 0
  for (const node of record.children) {
    const once = READ_ONCE[node.tag] ?? 0
    const isRepeat = (seen & once) !== 0
    seen |= once
    // A second NAME (an alternate name), SEX, BIRT or DEAT is kept as it is.
    if (isRepeat) {
      keep(keepNode(node))
      continue
    }
    switch (node.tag) {
      case 'NAME': {
        const { name, givenNames, surname } = readName(node)
        if (name !== undefined) person.name = name
        person.givenNames = givenNames
        person.surname = surname
        keep(nameExtras(node, givenNames, surname))
        break
      }
      case 'SEX': {
        const sex = readSex(node.value)
        if (sex) person.sex = sex
        else context.warn({ code: 'unknown_sex', message: `SEX ${JSON.stringify(node.value)} of @${xref}@ read as U`, line: node.line, xref })
        context.countUnknown(node)
        break
      }
      case 'BIRT':
        person.birth = readEvent(node)
        keep(eventExtras(node))
        break
      case 'DEAT':
        person.death = readEvent(node)
        keep(eventExtras(node))
        break
      case 'BURI':
      case 'CREM':
        person.isBuried = true
        keep(keepNode(node))
        break
      case 'FAMC': {
        context.countUnknown(node)
        const family = pointerOf(node, xref, context)
        if (family === undefined) break
        const pedigreeText = childOf(node, 'PEDI')?.value
        let pedigree = pedigreeText === undefined ? undefined : readPedigree(pedigreeText)
        if (pedigreeText !== undefined && pedigree === undefined) {
          context.warn({ code: 'unknown_pedigree', message: `PEDI ${JSON.stringify(pedigreeText)} read as other`, line: node.line, xref })
          pedigree = 'other'
        }
        // 7.0 says what its words cannot as OTHER with a PHRASE: Legado's own exports write a step-child so.
        if (pedigree === 'other') pedigree = readRelation(childValue(childOf(node, 'PEDI')!, 'PHRASE')) ?? 'other'
        const link: GedcomChildLink = { family, pedigree: pedigree ?? 'birth', ...readPartnerPedigrees(node) }
        if (pedigree === undefined) (withoutPedigree ??= new Set()).add(link)
        person.childOf.push(link)
        break
      }
      case 'FAMS': {
        context.countUnknown(node)
        const family = pointerOf(node, xref, context)
        if (family !== undefined) person.spouseOf.push(family)
        break
      }
      case 'ADOP': {
        keep(keepNode(node))
        const famc = childOf(node, 'FAMC')
        if (famc?.pointer) (adoptedInto ??= []).push({ family: famc.pointer, by: childValue(famc, 'ADOP')?.toUpperCase() })
        break
      }
      case 'UID':
      case '_UID':
        context.countUnknown(node)
        readUid(node, person)
        break
      case 'NOTE':
      case 'SNOTE':
        context.countUnknown(node)
        readNoteLink(node, person.notes)
        break
      case 'OBJE':
        context.countUnknown(node)
        readMediaLink(node, person.media, xref, context)
        break
      default:
        keep(keepNode(node))
    }
  }
  // ADOP.FAMC.ADOP says who adopted: HUSB or WIFE alone is the other partner's child by birth.
  const linkTo = adoptedInto && new Map(person.childOf.map((link) => [link.family, link]))
  for (const { family, by } of adoptedInto ?? []) {
    let link = linkTo!.get(family)
    if (link === undefined) {
      person.childOf.push((link = { family, pedigree: 'adopted' }))
      linkTo!.set(family, link)
    } else if (!withoutPedigree?.has(link)) continue
    if (by === 'HUSB' || by === 'WIFE') {
      link.pedigree = 'birth'
      link[by === 'HUSB' ? 'husband' : 'wife'] ??= 'adopted'
    } else link.pedigree = 'adopted'
  }
  return person
}

function readFamily(record: GedcomNode, xref: string, context: RecordContext): GedcomFamily {
  const family: GedcomFamily = { xref, children: [], notes: [], media: [] }
  const keep = (node: GedcomKeptNode | undefined) => node && context.keep(family, node)
  let seen = 0
  for (const node of record.children) {
    const once = READ_ONCE[node.tag] ?? 0
    const isRepeat = (seen & once) !== 0
    seen |= once
    if (isRepeat) {
      keep(keepNode(node))
      continue
    }
    switch (node.tag) {
      case 'HUSB':
      case 'WIFE': {
        context.countUnknown(node)
        const partner = pointerOf(node, xref, context)
        const role = node.tag === 'HUSB' ? 'husband' : 'wife'
        if (partner === undefined || partner === family[role]) break
        if (family[role] === undefined) family[role] = partner
        else context.warn({ code: 'too_many_partners', message: `@${xref}@ names a second ${node.tag}; @${partner}@ is not linked`, line: node.line, xref })
        break
      }
      case 'CHIL': {
        context.countUnknown(node)
        const child = pointerOf(node, xref, context)
        if (child === undefined) break
        family.children.push(child)
        const kinds = readPartnerPedigrees(node)
        if (kinds.husband !== undefined || kinds.wife !== undefined) context.childKinds.set(`${xref} ${child}`, kinds)
        break
      }
      case 'MARR':
        family.marriage = readEvent(node)
        keep(eventExtras(node))
        break
      case 'DIV':
        family.divorce = readEvent(node)
        keep(eventExtras(node))
        break
      case 'UID':
      case '_UID':
        context.countUnknown(node)
        readUid(node, family)
        break
      case 'NOTE':
      case 'SNOTE':
        context.countUnknown(node)
        readNoteLink(node, family.notes)
        break
      case 'OBJE':
        context.countUnknown(node)
        readMediaLink(node, family.media, xref, context)
        break
      default:
        keep(keepNode(node))
    }
  }
  return family
}

/** The family's CHIL-line kinds win over the child's FAMC: they are said per parent, in the family that has both. */
function applyChildKinds(individuals: GedcomIndividual[], childKinds: RecordContext['childKinds']): void {
  for (const person of individuals) {
    for (const link of person.childOf) {
      const kinds = childKinds.get(`${link.family} ${person.xref}`)
      if (kinds?.husband !== undefined) link.husband = kinds.husband
      if (kinds?.wife !== undefined) link.wife = kinds.wife
    }
  }
}

function readUid(node: GedcomNode, record: { uids?: string[] }): void {
  const uid = node.value?.trim()
  if (uid && !record.uids?.includes(uid)) (record.uids ??= []).push(uid)
}

/** A pointer line's target; nothing for GEDCOM 7's @VOID@ and, with a warning, for text where a pointer belongs. */
function pointerOf(node: GedcomNode, owner: string, context: RecordContext): string | undefined {
  if (node.pointer !== undefined) return node.pointer ?? undefined
  if (node.value !== undefined)
    context.warn({
      code: 'dangling_pointer',
      message: `${node.tag} of @${owner}@ is text, not a pointer: ${JSON.stringify(node.value.slice(0, 40))}`,
      line: node.line,
      xref: owner,
    })
  return undefined
}

/** An inline note as it is; a pointer as `{ text: '', record }`, filled in once every note record is read. */
function readNoteLink(node: GedcomNode, notes: GedcomNote[]): void {
  const summary = childOf(node, summaryTag)
  const mark = summary === undefined ? {} : summary.value?.trim().toUpperCase() === 'NOTE' ? ({ isSummary: true, isAlsoNote: true } as const) : ({ isSummary: true } as const)
  if (node.pointer === undefined) notes.push({ text: node.value ?? '', ...mark })
  else if (node.pointer !== null) notes.push({ text: '', record: node.pointer, ...mark })
}

/** Inline files as they are; a pointer as `{ file: '', record }`, replaced by the record's files once it is read. */
function readMediaLink(node: GedcomNode, media: GedcomMediaRef[], owner: string, context: RecordContext): void {
  if (node.pointer === null) return
  if (node.pointer !== undefined) {
    const title = childValue(node, 'TITL')
    media.push({ file: '', record: node.pointer, ...(title === undefined ? {} : { title }) })
    return
  }
  const files = readMediaFiles(node)
  if (files.length === 0)
    context.warn({ code: 'media_without_file', message: `a media link of @${owner}@ has no FILE (embedded BLOB data is not read)`, line: node.line, xref: owner })
  for (const file of files) media.push(file)
}
