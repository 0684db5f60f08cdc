import type { Gender } from '../../../shared/contracts/family-tree.ts'
import type { GedcomCounts, GedcomPreview, GedcomWarningSummary } from '../../../shared/contracts/gedcom.ts'
import { fromGedcomDate, serializeGenealogyDate, storedDateText } from '../../../shared/genealogy-date/index.ts'
import { limits } from '../../../shared/limits.ts'
import {
  summaryTag,
  type GedcomChildLink,
  type GedcomEvent,
  type GedcomFamily,
  type GedcomIndividual,
  type GedcomKeptNode,
  type GedcomNote,
  type GedcomSex,
  type GedcomTree,
} from '../../lib/gedcom/index.ts'
import type { ImportedParentLink, ImportedPerson, ImportedTree, ImportedUnion } from '../family-tree/family-tree.service.ts'
import { localRef, uidKey, uidPrefix, uuidOfKey } from './gedcom.identity.ts'
import type { GedcomMediaLink } from './gedcom.media.ts'

// A GEDCOM file read into the codec's neutral model, as the family tree's import door takes it
// (`ImportedTree`): one member per INDI, one union per FAM, one parent link per child of a family.
// Pure: it runs in the import's worker thread, so the request thread never does this work.

/** A family's partners in the file, husband first. */
const couplePartners = (family: { husband?: string | undefined; wife?: string | undefined }) => [family.husband, family.wife].filter((xref): xref is string => xref !== undefined)

/** Genealogists' name for someone whose name nobody knows ("nomen nescio"); the form needs both names. */
export const unknownName = 'N.N.'

const genders: Record<GedcomSex, Gender> = { M: 'Masculino', F: 'Femenino', X: 'Otro', U: '' }

/** A DATE (and 7.0 PHRASE) in genealogy-date's stored form, which the batch reads back unchanged. */
function dateOf(event: GedcomEvent | undefined): string | undefined {
  if (!event || (event.date === undefined && event.datePhrase === undefined)) return undefined
  const value = fromGedcomDate(event.date ?? '', event.datePhrase)
  return value ? storedDateText(serializeGenealogyDate(value)) : undefined
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)
const place = (event: GedcomEvent | undefined) => (event?.place === undefined ? undefined : clip(event.place.trim(), limits.memberPlaceMaxLength))
const notesText = (notes: GedcomNote[], max: number) =>
  clip(
    notes
      .map((note) => note.text.trim())
      .filter(Boolean)
      .join('\n\n'),
    max,
  )

/**
 * What a person, family or record brought that Legado does not show, kept by the GEDCOM feature
 * beside the tree (the door takes only what the form holds). `key` is who it is in the file, its
 * xref (`@S1@` → `@S1`, namespaced like the batch's references once the namespace is chosen), so
 * the pointers of kept structures find their targets on export.
 */
export interface GedcomKeptItem {
  kind: 'member' | 'union' | 'record'
  /** The person's or family's batch reference. */
  owner?: string
  key: string
  structures: GedcomKeptNode[]
}

/** The key of the header's extension tag declarations, kept as a record of its own: no xref has a space. */
export const schemaKey = ' SCHMA'

export interface MappedGedcom {
  batch: ImportedTree
  preview: GedcomPreview
  kept: GedcomKeptItem[]
  /** SHA-256 of the file's bytes, in hex: the namespace of its xrefs when no earlier import is this tree. */
  fingerprint: string
  /** Every file a person or family names, by its batch reference, for the media step after the batch. */
  media: GedcomMediaLink[]
}

/**
 * How the batch names a person or family: its first UID when it has one no earlier record of the
 * file took, else its xref (marked, namespaced later). The other UIDs, the id Legado wrote as UID
 * (an export brought back into its own tree) and the xref are further ways an earlier import may
 * know it.
 */
function identities(records: { xref: string; uids?: string[] }[]) {
  const taken = new Set<string>()
  const keyOf = new Map<string, string>()
  const matches = new Map<string, string[]>()
  for (const record of records) {
    const keys = [...new Set((record.uids ?? []).map(uidKey))].filter((key) => !taken.has(key))
    for (const key of keys) taken.add(key)
    const [primary, ...others] = keys
    if (keyOf.has(record.xref)) continue
    keyOf.set(record.xref, primary === undefined ? localRef(record.xref) : uidPrefix + primary)
    if (primary === undefined) continue
    const ids = keys.flatMap((key) => uuidOfKey(key) ?? [])
    matches.set(record.xref, [...others.map((key) => uidPrefix + key), ...ids, localRef(record.xref)])
  }
  return { keyOf, matches, refOf: (xref: string) => keyOf.get(xref) ?? localRef(xref) }
}

/** The warnings of a read, one line per kind with its count and first line. */
export function warningSummary(tree: Pick<GedcomTree, 'warnings' | 'warningCounts'>): GedcomWarningSummary[] {
  return Object.entries(tree.warningCounts).map(([code, count]) => {
    const line = tree.warnings.find((warning) => warning.code === code)?.line
    return { code, count: count ?? 0, ...(line === undefined ? {} : { line }) }
  })
}

export function previewOf(tree: GedcomTree & { encoding: string }): GedcomPreview {
  const counts: GedcomCounts = { ...tree.counts }
  return {
    version: tree.header.version ?? null,
    encoding: tree.encoding,
    counts,
    warnings: warningSummary(tree),
    skippedTags: { ...tree.unmappedTags, ...tree.unknownTags },
    keptTags: { ...tree.keptTags },
  }
}

/**
 * What another program writes into a note when it imports a line it does not understand (Gramps,
 * in any language: "Records not imported into INDI (individual) Gramps ID I0001:", then one line
 * per ignored line, "<reason>   Line 15: 2 _LEGADO_SUMMARY Y"): about the file, not the person.
 */
export function isImportRemark(text: string): boolean {
  const [first, ...rest] = text.split('\n')
  const lines = rest.filter((line) => line.trim() !== '')
  return first !== undefined && first.trimEnd().endsWith(':') && lines.length > 0 && lines.every((line) => /\S\s+\S+\s+\d+: \d+ (@[^@]+@ )?[A-Za-z0-9_]+/.test(line))
}

/**
 * A person's notes and short biography. A file that marks the biography (Legado's, see
 * `summaryTag`) gives it apart from the notes (or, marked `NOTE`, also as their start); any other
 * gives all its notes as notes, the first as the biography (the closest GEDCOM has to one).
 * Another program's remarks about lines it ignored are left out.
 */
function notesAndSummary(person: GedcomIndividual, isMarked: boolean): { notes: string; bioSummary: string } {
  const own = person.notes.some((note) => isImportRemark(note.text)) ? person.notes.filter((note) => !isImportRemark(note.text)) : person.notes
  if (!isMarked) return { notes: notesText(own, limits.memberNotesMaxLength), bioSummary: notesText(own.slice(0, 1), limits.memberBioMaxLength) }
  return {
    notes: notesText(
      own.filter((note) => !note.isSummary || note.isAlsoNote),
      limits.memberNotesMaxLength,
    ),
    bioSummary: notesText(
      own.filter((note) => note.isSummary),
      limits.memberBioMaxLength,
    ),
  }
}

export function mapGedcomToBatch(tree: GedcomTree & { encoding: string }, fingerprint: string): MappedGedcom {
  const people = identities(tree.individuals)
  const couples = identities(tree.families)
  const isMarked = tree.header.extensionTags?.includes(summaryTag) === true || tree.individuals.some((person) => person.notes.some((note) => note.isSummary))
  const members: ImportedPerson[] = tree.individuals.map((person) => {
    const firstName = clip(person.givenNames.trim(), limits.memberNameMaxLength) || unknownName
    const lastName = clip(person.surname.trim(), limits.memberNameMaxLength) || unknownName
    const { notes, bioSummary } = notesAndSummary(person, isMarked)
    const alsoMatches = people.matches.get(person.xref)
    return {
      sourceId: people.refOf(person.xref),
      ...(alsoMatches ? { alsoMatches } : {}),
      firstName,
      lastName,
      // Not in GEDCOM: a new member has none, and an existing one keeps the one the owner gave.
      gender: genders[person.sex],
      // A DEAT of any shape (`1 DEAT Y`, one with only a note or a date phrase), a burial or a cremation.
      isDeceased: person.death !== undefined || person.isBuried === true,
      birthDate: dateOf(person.birth) ?? null,
      deathDate: dateOf(person.death) ?? null,
      birthPlace: place(person.birth) ?? '',
      deathPlace: place(person.death) ?? '',
      notes,
      bioSummary,
    }
  })
  // A union's position is its place among its first partner's families (first marriage first).
  const spouseOf = new Map(tree.individuals.map((person) => [person.xref, person.spouseOf]))
  const positionOf = (family: GedcomTree['families'][number]) => Math.max(0, spouseOf.get(family.husband ?? family.wife ?? '')?.indexOf(family.xref) ?? 0)
  const unions: ImportedUnion[] = tree.families.map((family) => ({
    sourceId: couples.refOf(family.xref),
    ...(couples.matches.has(family.xref) ? { alsoMatches: couples.matches.get(family.xref)! } : {}),
    firstPartner: family.husband === undefined ? null : people.refOf(family.husband),
    secondPartner: family.wife === undefined ? null : people.refOf(family.wife),
    marriageDate: dateOf(family.marriage) ?? null,
    marriagePlace: place(family.marriage) ?? '',
    // A MARR with no date or place is still a marriage; a family without one may be married in
    // Legado already (the owner said so), and an import never takes that back.
    ...(family.marriage ? { isMarried: true } : {}),
    divorceDate: dateOf(family.divorce) ?? null,
    divorcePlace: place(family.divorce) ?? '',
    notes: notesText(family.notes, limits.memberNotesMaxLength),
    position: positionOf(family),
  }))
  // A child's pedigree sits on its FAMC line (a CHIL line alone means birth); a file may also say
  // it per parent (`_FREL`/`_MREL`), and then each parent gets a link of their own kind.
  const childLinks = new Map<string, GedcomChildLink>()
  for (const person of tree.individuals) for (const link of person.childOf) childLinks.set(`${person.xref} ${link.family}`, link)
  const links: ImportedParentLink[] = []
  const seen = new Set<string>()
  const add = (child: string, family: GedcomFamily) => {
    const key = `${child} ${family.xref}`
    if (seen.has(key)) return
    seen.add(key)
    const link = childLinks.get(key)
    const kinds = { husband: link?.husband ?? link?.pedigree ?? 'birth', wife: link?.wife ?? link?.pedigree ?? 'birth' }
    const union = couples.refOf(family.xref)
    // The family's CHIL order is the children's order (the reader put those only FAMC names last).
    const position = Math.max(0, family.children.indexOf(child))
    if (family.husband !== undefined && family.wife !== undefined && kinds.husband !== kinds.wife) {
      links.push({ child: people.refOf(child), union, parent: people.refOf(family.husband), kind: kinds.husband, position })
      links.push({ child: people.refOf(child), union, parent: people.refOf(family.wife), kind: kinds.wife, position })
    } else links.push({ child: people.refOf(child), union, kind: family.husband !== undefined ? kinds.husband : kinds.wife, position })
  }
  const families = new Map(tree.families.map((family) => [family.xref, family]))
  for (const family of tree.families) for (const child of family.children) add(child, family)
  for (const person of tree.individuals) for (const link of person.childOf) if (families.has(link.family)) add(person.xref, families.get(link.family)!)
  const media: GedcomMediaLink[] = []
  for (const [records, refOf, isFamily] of [
    [tree.individuals, people.refOf, false],
    [tree.families, couples.refOf, true],
  ] as const) {
    for (const record of records) {
      for (const ref of record.media) {
        if (!ref.file) continue
        const partners = isFamily ? couplePartners(record as GedcomTree['families'][number]).map(people.refOf) : []
        media.push({ owner: refOf(record.xref), file: ref.file, ...(ref.title ? { title: ref.title } : {}), ...(isFamily ? { isFamily, partners } : {}) })
      }
    }
  }
  return { batch: { members, unions, links }, preview: previewOf(tree), fingerprint, media, kept: keptItems(tree, people.refOf, couples.refOf) }
}

function keptItems(tree: GedcomTree, personRef: (xref: string) => string, familyRef: (xref: string) => string): GedcomKeptItem[] {
  const items: GedcomKeptItem[] = []
  for (const person of tree.individuals) if (person.kept) items.push({ kind: 'member', owner: personRef(person.xref), key: localRef(person.xref), structures: person.kept })
  for (const family of tree.families) if (family.kept) items.push({ kind: 'union', owner: familyRef(family.xref), key: localRef(family.xref), structures: family.kept })
  for (const { xref, ...record } of tree.keptRecords ?? []) items.push({ kind: 'record', key: localRef(xref), structures: [record] })
  const declared = Object.entries(tree.schema ?? {}).filter(([tag]) => tag !== summaryTag)
  if (items.length > 0 && declared.length > 0)
    items.push({ kind: 'record', key: localRef(schemaKey), structures: [{ tag: 'SCHMA', children: declared.map(([tag, uri]) => ({ tag: 'TAG', value: `${tag} ${uri}` })) }] })
  return items
}
