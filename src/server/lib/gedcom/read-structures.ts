// Reading one GEDCOM structure (a name, an event, a multimedia link) into the model's terms.
import { partnerPedigreeTags, summaryTag, type GedcomEvent, type GedcomMediaRef, type GedcomPedigree, type GedcomSex } from './model.ts'
import type { GedcomNode } from './parse.ts'
import { isStandardTag } from './tags.ts'

export function childOf(node: GedcomNode, tag: string): GedcomNode | undefined {
  return node.children.find((child) => child.tag === tag)
}

/** The payload of the first `tag` child, trimmed; undefined when missing or empty. */
export function childValue(node: GedcomNode, tag: string): string | undefined {
  const value = childOf(node, tag)?.value?.trim()
  return value ? value : undefined
}

/** `Given /Surname/ suffix`: a NAME without slashes has no surname; an unclosed slash runs to the end. */
export function splitName(name: string): { given: string; surname: string } {
  const open = name.indexOf('/')
  if (open === -1) return { given: name.trim(), surname: '' }
  const close = name.indexOf('/', open + 1)
  return { given: name.slice(0, open).trim(), surname: (close === -1 ? name.slice(open + 1) : name.slice(open + 1, close)).trim() }
}

export function readName(node: GedcomNode): { name: string | undefined; givenNames: string; surname: string } {
  const name = node.value
  const split = splitName(name ?? '')
  const surnameParts = [childValue(node, 'SPFX'), childValue(node, 'SURN')].filter((part) => part !== undefined)
  return {
    name,
    // GIVN drops the titles and nicknames a NAME line may carry ("Lt. Joseph "John" /Allen/").
    givenNames: childValue(node, 'GIVN') ?? split.given,
    // The slashed part is the surname as the family writes it, prefix included ("de Allen").
    surname: split.surname || (surnameParts.length > 0 ? surnameParts.join(' ') : ''),
  }
}

export function readEvent(node: GedcomNode): GedcomEvent {
  const event: GedcomEvent = {}
  const date = childOf(node, 'DATE')
  const dateValue = date?.value?.trim()
  if (dateValue) event.date = dateValue
  const phrase = date ? childValue(date, 'PHRASE') : undefined
  if (phrase !== undefined) event.datePhrase = phrase
  const place = childValue(node, 'PLAC')
  if (place !== undefined) event.place = place
  return event
}

const SEXES: Record<string, GedcomSex> = { M: 'M', MALE: 'M', F: 'F', FEMALE: 'F', X: 'X', U: 'U', UNKNOWN: 'U' }

export function readSex(value: string | undefined): GedcomSex | undefined {
  return SEXES[(value ?? 'U').trim().toUpperCase() || 'U']
}

// Gramps writes `PEDI stepchild` when both parents are step-parents.
const PEDIGREES: Record<string, GedcomPedigree> = { BIRTH: 'birth', ADOPTED: 'adopted', FOSTER: 'foster', SEALING: 'sealing', OTHER: 'other', STEP: 'step', STEPCHILD: 'step' }

export function readPedigree(value: string): GedcomPedigree | undefined {
  return PEDIGREES[value.trim().toUpperCase()]
}

/** `_FREL`/`_MREL` words as the programs that write them spell them (Gramps, Family Tree Maker, Legacy). */
const RELATIONS: Record<string, GedcomPedigree> = {
  ...PEDIGREES,
  NATURAL: 'birth',
  BIOLOGICAL: 'birth',
  ADOPTIVE: 'adopted',
  STEPPARENT: 'step',
  'STEP-PARENT': 'step',
  SEALED: 'sealing',
}

/**
 * A parent's kind from `_FREL`/`_MREL`, or a 7.0 `PEDI OTHER`'s PHRASE. Any other word (Gramps's
 * Sponsored, Unknown, or a custom one) is a bond that is not birth: `other`.
 */
export function readRelation(value: string | undefined): GedcomPedigree | undefined {
  const word = value?.trim().toUpperCase()
  if (!word) return undefined
  return RELATIONS[word] ?? 'other'
}

/** The `_FREL`/`_MREL` under a CHIL or FAMC line, where the file gives them. */
export function readPartnerPedigrees(node: GedcomNode): { husband?: GedcomPedigree; wife?: GedcomPedigree } {
  const kinds: { husband?: GedcomPedigree; wife?: GedcomPedigree } = {}
  for (const role of ['husband', 'wife'] as const) {
    const kind = readRelation(childOf(node, partnerPedigreeTags[role])?.value)
    if (kind !== undefined) kinds[role] = kind
  }
  return kinds
}

/**
 * The files of a multimedia structure: FILE lines with their FORM and TITL. 5.5 puts FORM and TITL
 * beside FILE, 5.5.1 inline links put TITL beside and FORM under it, records put both under FILE.
 */
export function readMediaFiles(node: GedcomNode): Omit<GedcomMediaRef, 'record'>[] {
  const files: Omit<GedcomMediaRef, 'record'>[] = []
  const title = childValue(node, 'TITL')
  const format = childValue(node, 'FORM')
  for (const fileNode of node.children) {
    if (fileNode.tag !== 'FILE') continue
    const file = fileNode.value?.trim()
    if (!file) continue
    const ref: Omit<GedcomMediaRef, 'record'> = { file }
    const fileTitle = childValue(fileNode, 'TITL') ?? title
    if (fileTitle !== undefined) ref.title = fileTitle
    const fileFormat = childValue(fileNode, 'FORM') ?? format
    if (fileFormat !== undefined) ref.format = fileFormat
    files.push(ref)
  }
  return files
}

/**
 * Custom tags under a structure Legado reads only in part (a NOTE's `_NOTE`), not the structure
 * itself; Legado's summary mark under a note and each parent's kind under a child link are read.
 */
export function countUnknownBelow(node: GedcomNode, counts: Map<string, number>): void {
  for (const child of node.children) if (!isReadBelow(node, child)) countUnknownTags(child, counts)
}

/** The custom tags Legado reads under a structure: its summary mark on a note, each parent's kind on a child link. */
const isReadBelow = (node: GedcomNode, child: GedcomNode) =>
  (child.tag === summaryTag && (node.tag === 'NOTE' || node.tag === 'SNOTE')) ||
  ((child.tag === partnerPedigreeTags.husband || child.tag === partnerPedigreeTags.wife) && (node.tag === 'CHIL' || node.tag === 'FAMC'))

/**
 * Custom and non-standard tags at any depth, without recursion: a record can nest deeply. A person's
 * or family's `_UID` is read (it is their identity across exports), and so are Legado's summary mark
 * on a person's note and the per-parent kinds of a child link: they are not counted as skipped.
 */
export function countUnknownTags(record: GedcomNode, counts: Map<string, number>): void {
  const stack: GedcomNode[] = [record]
  const isRead = (node: GedcomNode) =>
    (node.tag === '_UID' && node.level === 1 && (record.tag === 'INDI' || record.tag === 'FAM')) ||
    (node.tag === summaryTag && node.level === 2 && record.tag === 'INDI') ||
    ((node.tag === partnerPedigreeTags.husband || node.tag === partnerPedigreeTags.wife) && node.level === 2 && (record.tag === 'INDI' || record.tag === 'FAM'))
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isStandardTag(node.tag) && !isRead(node)) counts.set(node.tag, (counts.get(node.tag) ?? 0) + 1)
    for (const child of node.children) stack.push(child)
  }
}
