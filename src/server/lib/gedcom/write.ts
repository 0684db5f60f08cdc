import { toGedcom551Date, toGedcom7Date } from './dates.ts'
import { toGedcom7FileReference, toMediaType, toShortFormat } from './media-format.ts'
import {
  partnerPedigreeTags,
  summaryTag,
  type GedcomChildLink,
  type GedcomData,
  type GedcomEvent,
  type GedcomFamily,
  type GedcomIndividual,
  type GedcomKeptNode,
  type GedcomMediaRef,
  type GedcomNote,
  type GedcomPedigree,
} from './model.ts'
import { splitName } from './read-structures.ts'
import { pushValueLines, type TextEscape } from './value-lines.ts'
import { mediaRecordChildren, writeKept, type KeptWriter } from './write-kept.ts'
import type { WarningSink } from './warnings.ts'
import { planXrefs, type XrefPlan } from './write-xrefs.ts'

export type GedcomWriteVersion = '5.5.1' | '7.0'

export interface WriteOptions {
  version: GedcomWriteVersion
  lineEnding?: '\n' | '\r\n'
  /** Legado's version, for HEAD.SOUR.VERS. */
  sourceVersion?: string
  /** 5.5.1 requires a submitter record; its NAME. */
  submitterName?: string
  /** HEAD.DATE; left out when absent, so the same tree always gives the same bytes. */
  date?: Date
  /** Told about what the file cannot say: a pointer to someone not in the model, a pedigree 5.5.1 lacks. */
  onWarning?: WarningSink
  /** Characters per chunk from `writeGedcom`. */
  chunkSize?: number
}

/** `_FREL`/`_MREL` words: Gramps reads Birth, Adopted, Step and Foster (any case) and keeps any other as its own kind. */
const RELATION_WORDS: Record<GedcomPedigree, string> = { birth: 'Birth', adopted: 'Adopted', step: 'Step', foster: 'Foster', sealing: 'Sealing', other: 'Other' }

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/**
 * The file as text chunks of about `chunkSize` characters, line endings included: pipe them to a
 * response or file, so a 100,000-person export never exists as one string. Lines are gathered in
 * an array and joined per chunk; yielding each line would cost more than writing it. Empty chunks
 * come while the identifiers are planned, so that a paced consumer can let others in.
 */
export function* writeGedcom(data: GedcomData, options: WriteOptions): Generator<string, void, undefined> {
  const ending = options.lineEnding ?? '\n'
  const chunkSize = options.chunkSize ?? 65_536
  const lines: string[] = []
  let size = 0
  let flushedUpTo = 0
  const isFull = () => {
    for (; flushedUpTo < lines.length; flushedUpTo += 1) size += (lines[flushedUpTo] as string).length + ending.length
    return size >= chunkSize
  }
  const flush = () => {
    const chunk = lines.join(ending) + ending
    lines.length = 0
    size = 0
    flushedUpTo = 0
    return chunk
  }
  const ready = () => (isFull() ? flush() : undefined)
  // Planning the identifiers and the writer yields empty chunks on the way: a paced consumer turns the event loop there.
  const writer = yield* createRecordWriter(data, options, lines, yield* planXrefs(data))
  writer.header()
  for (let index = 0; index < data.individuals.length; index += 1) {
    writer.individual(index)
    if (isFull()) yield flush()
  }
  for (let index = 0; index < data.families.length; index += 1) {
    yield* writer.family(index, ready)
    if (isFull()) yield flush()
  }
  yield* writer.sharedRecords(ready)
  lines.push('0 TRLR')
  yield flush()
}

/** The whole file as one string: for tests and small trees. */
export function writeGedcomString(data: GedcomData, options: WriteOptions): string {
  return [...writeGedcom(data, options)].join('')
}

/** Items prepared, or children written, between two chances to hand text on or let others in. */
const writePause = 2_000

/**
 * Writes records into `out`, one call per record, so the caller decides when to hand text on. Its
 * indexes of the model are built with an empty chunk every `writePause` items, as `planXrefs` does.
 */
function* createRecordWriter(data: GedcomData, options: WriteOptions, out: string[], xrefs: XrefPlan): Generator<'', ReturnType<typeof recordWriter>, undefined> {
  const familyOf = new Map<string, GedcomFamily>()
  for (let index = 0; index < data.families.length; index += 1) {
    const family = data.families[index]!
    familyOf.set(family.xref, family)
    if (index % writePause === writePause - 1) yield ''
  }
  const writer = recordWriter(data, options, out, xrefs, familyOf)
  for (let index = 0; index < data.individuals.length; index += 1) {
    writer.notePerPartner(data.individuals[index]!)
    if (index % writePause === writePause - 1) yield ''
  }
  return writer
}

function recordWriter(data: GedcomData, options: WriteOptions, out: string[], xrefs: XrefPlan, familyOf: Map<string, GedcomFamily>) {
  const isVersion7 = options.version === '7.0'
  const warn = options.onWarning ?? (() => {})
  const text: TextEscape = isVersion7 ? 'gedcom7' : 'gedcom551'
  const value = (head: string, level: number, payload: string, escape: TextEscape = text) => pushValueLines(out, head, level, payload, escape, isVersion7)
  /** A pointer line; one to nobody in the tree is 7.0's @VOID@ (keeping order and pedigree) or, in 5.5.1, no line. */
  const pointer = (level: number, tag: string, target: string | undefined, what: string, owner: string): boolean => {
    if (target !== undefined) out.push(`${level} ${tag} @${target}@`)
    else {
      warn({ code: 'dangling_pointer', message: `${what} of ${owner} is not in the tree: ${isVersion7 ? 'written as @VOID@' : 'left out'}` })
      if (isVersion7) out.push(`${level} ${tag} @VOID@`)
    }
    return target !== undefined || isVersion7
  }
  const media = createMediaRecords(xrefs)
  const noteTexts = new Map<string, string>()
  const inlineMedia: { xref: string; node: GedcomKeptNode }[] = []
  const kept: KeptWriter = {
    isVersion7,
    out,
    value,
    // A multimedia record the model names (a person's file) may be pointed to from kept structures too: a citation's recording.
    resolve: (target) => xrefs.personByModel.get(target) ?? xrefs.familyByModel.get(target) ?? xrefs.recordByModel.get(target) ?? xrefs.mediaRecords.get(target),
    addMediaRecord(node) {
      const xref = xrefs.next('O')
      inlineMedia.push({ xref, node })
      return xref
    },
  }
  const modeled = (nodes: GedcomKeptNode[] | undefined, tag: string) => nodes?.find((node) => node.isModeled && node.tag === tag)
  /** The kind true of every parent the link's family has (PEDI can say it), or nothing when the parents' kinds differ. */
  const sharedKind = (link: GedcomChildLink): GedcomPedigree | undefined => {
    const family = familyOf.get(link.family)
    const husband = family?.husband === undefined ? undefined : (link.husband ?? link.pedigree)
    const wife = family?.wife === undefined ? undefined : (link.wife ?? link.pedigree)
    if (husband !== undefined && wife !== undefined) return husband === wife ? husband : undefined
    return husband ?? wife ?? link.pedigree
  }
  /**
   * Whether the family's CHIL line says each parent's kind (`_FREL`/`_MREL`): when they differ, or
   * when the version's PEDI has no word for the one they share (step, and 5.5.1's other).
   */
  const saysPerPartner = (link: GedcomChildLink): boolean => {
    const kind = sharedKind(link)
    return kind === undefined || kind === 'step' || (kind === 'other' && !isVersion7)
  }
  // The links whose CHIL line says each parent's kind (few: step-parents, parents of different
  // kinds), by family and child: a child may be in many families, and most families need none.
  const perPartner = new Map<string, Map<string, GedcomChildLink>>()

  /**
   * An event from Legado's values, with what it kept of the file's (sources, a place's
   * coordinates); those alone still make the event, since Legado cannot hold an event without a
   * date or place. A place's kept substructures go with it only while the place reads the same.
   */
  const event = (tag: string, occurred: GedcomEvent | undefined, extras: GedcomKeptNode | undefined) => {
    if (occurred === undefined && extras === undefined) return
    const date: { value?: string; phrase?: string } =
      occurred === undefined ? {} : isVersion7 ? gedcom7Date(occurred) : { value: toGedcom551Date(occurred.date, occurred.datePhrase) }
    const hasDate = date.value !== undefined && (date.value !== '' || date.phrase !== undefined)
    const place = occurred?.place
    out.push(hasDate || place !== undefined || extras !== undefined ? `1 ${tag}` : `1 ${tag} Y`)
    if (hasDate) {
      // A 5.5.1 date keeps its @#DJULIAN@ calendar escape as it is.
      value('2 DATE', 2, date.value ?? '', isVersion7 ? 'gedcom7' : 'none')
      if (date.phrase !== undefined) value('3 PHRASE', 3, date.phrase)
      writeKept(modeled(extras?.children, 'DATE')?.children, 3, kept, 'DATE')
    }
    if (place !== undefined) {
      value('2 PLAC', 2, place)
      const keptPlace = modeled(extras?.children, 'PLAC')
      if (keptPlace?.value === place.trim()) writeKept(keptPlace.children, 3, kept, 'PLAC')
    }
    writeKept(extras?.children, 2, kept, tag)
  }

  const attachments = (notes: GedcomNote[], mediaRefs: GedcomMediaRef[]) => {
    for (const note of notes) {
      const record = note.record === undefined ? undefined : xrefs.noteRecords.get(note.record)
      if (record === undefined || note.record === undefined) {
        value('1 NOTE', 1, note.text)
        if (note.isSummary) out.push(`2 ${summaryTag} ${note.isAlsoNote ? 'NOTE' : 'Y'}`)
        continue
      }
      if (!noteTexts.has(note.record)) noteTexts.set(note.record, note.text)
      out.push(`1 ${isVersion7 ? 'SNOTE' : 'NOTE'} @${record}@`)
    }
    let linked: string[] | undefined
    for (const ref of mediaRefs) {
      const record = media.recordFor(ref)
      if (linked?.includes(record)) continue
      ;(linked ??= []).push(record)
      out.push(`1 OBJE @${record}@`)
    }
  }

  /** 7.0's UID; 5.5.1 has none, and programs write `_UID`, a UUID as 32 upper-case hex digits. */
  const uids = (values: string[] | undefined) => {
    for (const uid of values ?? []) {
      const hex = uid.replace(/-/g, '')
      if (isVersion7) value('1 UID', 1, uid)
      else value('1 _UID', 1, /^[0-9a-f]{32}$/i.test(hex) ? hex.toUpperCase() : uid)
    }
  }

  return {
    /** Notes the person's links whose CHIL line says each parent's kind; every person, before any family is written. */
    notePerPartner(person: GedcomIndividual) {
      for (const link of person.childOf) {
        if (!saysPerPartner(link)) continue
        const inFamily = perPartner.get(link.family) ?? new Map<string, GedcomChildLink>()
        if (!inFamily.has(person.xref)) inFamily.set(person.xref, link)
        perPartner.set(link.family, inFamily)
      }
    },
    header: () => header(options, xrefs, out, data.schema),
    individual(index: number) {
      const person = data.individuals[index] as GedcomIndividual
      const owner = `individual ${person.xref}`
      out.push(`0 @${xrefs.people[index]}@ INDI`)
      const name = nameLine(person)
      const nameExtras = modeled(person.kept, 'NAME')
      if (name !== undefined || nameExtras !== undefined) {
        value('1 NAME', 1, name ?? '')
        if (person.givenNames) value('2 GIVN', 2, person.givenNames)
        if (person.surname) value('2 SURN', 2, person.surname)
        writeKept(nameExtras?.children, 2, kept, 'NAME')
      }
      // 5.5.1 knows only M, F and U: someone who fits neither M nor F (7.0's X) is U there. Unknown
      // needs no line in either version.
      if (person.sex !== 'U') out.push(`1 SEX ${person.sex === 'X' && !isVersion7 ? 'U' : person.sex}`)
      uids(person.uids)
      event('BIRT', person.birth, modeled(person.kept, 'BIRT'))
      event('DEAT', person.death, modeled(person.kept, 'DEAT'))
      for (const link of person.childOf) {
        if (!pointer(1, 'FAMC', xrefs.familyByModel.get(link.family), `the family @${link.family}@`, owner)) continue
        // PEDI only when it is true of both parents: a step-father is not made a birth father, nor
        // a mother's adoption both parents'. What PEDI cannot say goes on the family's CHIL line.
        const kind = sharedKind(link)
        if (kind === undefined || kind === 'birth') continue
        if (isVersion7) {
          out.push(`2 PEDI ${kind === 'step' ? 'OTHER' : kind.toUpperCase()}`)
          if (kind === 'step') out.push(`3 PHRASE ${RELATION_WORDS.step}`)
        } else if (kind !== 'step' && kind !== 'other') out.push(`2 PEDI ${kind}`)
      }
      for (const family of person.spouseOf) pointer(1, 'FAMS', xrefs.familyByModel.get(family), `the family @${family}@`, owner)
      attachments(person.notes, person.media)
      writeKept(person.kept, 1, kept)
    },
    /** A family, handing on a chunk through `ready` now and then: one family may hold 100,000 children. */
    *family(index: number, ready: () => string | undefined): Generator<string, void, undefined> {
      const family = data.families[index] as GedcomFamily
      const owner = `family ${family.xref}`
      out.push(`0 @${xrefs.families[index]}@ FAM`)
      if (family.husband !== undefined) pointer(1, 'HUSB', xrefs.personByModel.get(family.husband), `the partner @${family.husband}@`, owner)
      if (family.wife !== undefined) pointer(1, 'WIFE', xrefs.personByModel.get(family.wife), `the partner @${family.wife}@`, owner)
      const links = perPartner.get(family.xref)
      for (let at = 0; at < family.children.length; at += 1) {
        if (at % writePause === writePause - 1) {
          const chunk = ready()
          if (chunk !== undefined) yield chunk
        }
        const child = family.children[at]!
        if (!pointer(1, 'CHIL', xrefs.personByModel.get(child), `the child @${child}@`, owner)) continue
        const link = links?.get(child)
        if (link === undefined) continue
        for (const role of ['husband', 'wife'] as const) if (family[role] !== undefined) out.push(`2 ${partnerPedigreeTags[role]} ${RELATION_WORDS[link[role] ?? link.pedigree]}`)
      }
      uids(family.uids)
      event('MARR', family.marriage, modeled(family.kept, 'MARR'))
      event('DIV', family.divorce, modeled(family.kept, 'DIV'))
      attachments(family.notes, family.media)
      writeKept(family.kept, 1, kept)
    },
    /** Shared notes, multimedia and kept records, after everyone who points to them. */
    /** The records others point to, handing on a chunk through `ready` whenever one is full. */
    *sharedRecords(ready: () => string | undefined): Generator<string, void, undefined> {
      function* handOn() {
        const chunk = ready()
        if (chunk !== undefined) yield chunk
      }
      for (const [key, xref] of xrefs.noteRecords) {
        value(`0 @${xref}@ ${isVersion7 ? 'SNOTE' : 'NOTE'}`, 0, noteTexts.get(key) ?? '')
        yield* handOn()
      }
      const keptRecords = data.keptRecords ?? []
      for (let index = 0; index < keptRecords.length; index += 1) {
        const record = keptRecords[index]!
        const tag = record.tag === 'NOTE' || record.tag === 'SNOTE' ? (isVersion7 ? 'SNOTE' : 'NOTE') : record.tag
        const head = `0 @${xrefs.keptRecords[index]}@ ${tag}`
        if (record.value === undefined) out.push(head)
        else value(head, 0, record.value)
        writeKept(record.children, 1, kept, tag)
        yield* handOn()
      }
      // Written last: writing one may add another (an inline OBJE under it).
      for (let index = 0; index < inlineMedia.length; index += 1) {
        const { xref, node } = inlineMedia[index]!
        out.push(`0 @${xref}@ OBJE`)
        writeKept(mediaRecordChildren(node), 1, kept, 'OBJE')
        yield* handOn()
      }
      for (const [xref, files] of media.records) {
        out.push(`0 @${xref}@ OBJE`)
        for (const file of files) {
          value('1 FILE', 1, isVersion7 ? toGedcom7FileReference(file.file) : file.file)
          value('2 FORM', 2, isVersion7 ? toMediaType(file.format, file.file) : toShortFormat(file.format, file.file))
          if (file.title !== undefined) value('2 TITL', 2, file.title)
        }
        yield* handOn()
      }
    },
  }
}

function header(options: WriteOptions, xrefs: XrefPlan, out: string[], schema: Record<string, string> = {}): void {
  const isVersion7 = options.version === '7.0'
  // A byte-order mark first: GEDCOM 7 files start with one, and 5.5.5 asks it of every UTF-8 file.
  // Without it programs that guess the encoding (Gramps 5.1 reading 7.0) take UTF-8 for
  // Windows-1252 and every accented name turns to mojibake ("NÃºÃ±ez").
  out.push('\uFEFF0 HEAD')
  if (isVersion7) out.push('1 GEDC', '2 VERS 7.0')
  out.push('1 SOUR Legado', '2 NAME Legado')
  if (options.sourceVersion) out.push(`2 VERS ${options.sourceVersion}`)
  if (options.date) out.push(`1 DATE ${options.date.getUTCDate()} ${MONTHS[options.date.getUTCMonth()]} ${options.date.getUTCFullYear()}`)
  // GEDCOM 7 asks for every extension tag to be declared with a URI of its own.
  if (isVersion7)
    out.push(
      '1 SCHMA',
      `2 TAG ${summaryTag} urn:legado:gedcom:summary`,
      `2 TAG ${partnerPedigreeTags.husband} urn:legado:gedcom:husband-relation`,
      `2 TAG ${partnerPedigreeTags.wife} urn:legado:gedcom:wife-relation`,
    )
  // The extension tags of kept structures, declared as the file they came from declared them.
  const declared = new Set<string>([summaryTag, partnerPedigreeTags.husband, partnerPedigreeTags.wife])
  if (isVersion7) for (const [tag, uri] of Object.entries(schema)) if (!declared.has(tag) && /^_[A-Z0-9_]+$/.test(tag) && /^\S+$/.test(uri)) out.push(`2 TAG ${tag} ${uri}`)
  if (isVersion7) return
  out.push(`1 SUBM @${xrefs.submitter}@`, '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', `0 @${xrefs.submitter}@ SUBM`)
  pushValueLines(out, '1 NAME', 1, options.submitterName || 'Legado', 'gedcom551', false)
}

/**
 * The NAME to write: the one the file had when it still says the same given names and surname,
 * else `Given /Surname/` rebuilt, so an edited surname never hides behind a stale NAME.
 */
function nameLine(person: GedcomIndividual): string | undefined {
  if (person.name !== undefined && hasNameSlashes(person.name)) {
    const split = splitName(person.name)
    if (split.surname === person.surname && (person.givenNames !== '' || split.given === '')) return person.name
  }
  if (person.surname) return `${unslashed(person.givenNames)} /${unslashed(person.surname)}/`.trimStart()
  return unslashed(person.givenNames) || undefined
}

/** A NAME has no slash or two, around the surname: any other slash would move the surname. */
const hasNameSlashes = (name: string) => {
  const first = name.indexOf('/')
  if (first === -1) return true
  const second = name.indexOf('/', first + 1)
  return second !== -1 && name.indexOf('/', second + 1) === -1
}
/** A slash inside a name part, as U+2215 DIVISION SLASH, which looks the same; GIVN and SURN keep the part as it is. */
const unslashed = (part: string) => part.replaceAll('/', '\u2215')

/** A model date as 7.0 writes it: one already in 7.0 form (it has a phrase) is kept; a 5.5.1 one is converted. */
function gedcom7Date(event: GedcomEvent): { value?: string; phrase?: string } {
  if (event.datePhrase !== undefined) return { value: event.date ?? '', phrase: event.datePhrase }
  return event.date === undefined ? {} : toGedcom7Date(event.date)
}

/** OBJE records: one per media record the model names (its files gathered), one per file linked inline. */
function createMediaRecords(xrefs: XrefPlan) {
  const records = new Map<string, Omit<GedcomMediaRef, 'record'>[]>()
  const inline = new Map<GedcomMediaRef, string>()
  return {
    records,
    recordFor(ref: GedcomMediaRef): string {
      const named = ref.record === undefined ? undefined : xrefs.mediaRecords.get(ref.record)
      const xref = named ?? inline.get(ref) ?? xrefs.next('O')
      if (named === undefined) inline.set(ref, xref)
      const files = records.get(xref) ?? []
      if (!files.some((file) => file.file === ref.file))
        files.push({ file: ref.file, ...(ref.title === undefined ? {} : { title: ref.title }), ...(ref.format === undefined ? {} : { format: ref.format }) })
      records.set(xref, files)
      return xref
    },
  }
}
