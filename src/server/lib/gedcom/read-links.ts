// The second half of reading: once every record is in, pointers are resolved and the links between
// people and families are made to agree from both sides, since an importer that trusts only one side
// loses children or partners that many programs write on the other. The model is changed in place,
// and a list is copied only when something in it must go: a 100,000-person file has few such lists.
import type { GedcomChildLink, GedcomFamily, GedcomIndividual, GedcomMediaRef, GedcomNote } from './model.ts'
import type { WarningSink } from './warnings.ts'

interface LinkInput {
  individuals: GedcomIndividual[]
  /** The line each individual's record starts on, by position. */
  individualLines: number[]
  families: GedcomFamily[]
  familyLines: number[]
  noteRecords: Map<string, string>
  mediaRecords: Map<string, Omit<GedcomMediaRef, 'record'>[]>
  warn: WarningSink
}

export function linkFamilies(input: LinkInput): void {
  const { individuals, families, warn } = input
  const people = new Map<string, GedcomIndividual>()
  for (const person of individuals) people.set(person.xref, person)
  const familyByXref = new Map<string, GedcomFamily>()
  for (const family of families) familyByXref.set(family.xref, family)

  const dangling = (what: string, target: string, owner: string, line: number | undefined) =>
    warn({ code: 'dangling_pointer', message: `${what} @${target}@ of @${owner}@ (record at line ${line}) is not in the file`, line, xref: owner })

  /** Shared notes filled in from their records; a pointer to no record is dropped. */
  const resolveNotes = (notes: GedcomNote[], owner: string, line: number | undefined): GedcomNote[] => {
    if (!notes.some((note) => note.record !== undefined)) return notes
    const resolved: GedcomNote[] = []
    for (const note of notes) {
      const text = note.record === undefined ? undefined : input.noteRecords.get(note.record)
      if (note.record === undefined) resolved.push(note)
      else if (text === undefined) dangling('a note', note.record, owner, line)
      else resolved.push({ ...note, text })
    }
    return resolved
  }

  /** A link to a multimedia record becomes one reference per file of it (with the link's title, if any). */
  const resolveMedia = (media: GedcomMediaRef[], owner: string, line: number | undefined): GedcomMediaRef[] => {
    if (!media.some((ref) => ref.record !== undefined)) return media
    const resolved: GedcomMediaRef[] = []
    for (const ref of media) {
      if (ref.record === undefined) {
        resolved.push(ref)
        continue
      }
      const files = input.mediaRecords.get(ref.record)
      if (files === undefined) dangling('a media record', ref.record, owner, line)
      else if (files.length === 0)
        warn({ code: 'media_without_file', message: `media record @${ref.record}@ of @${owner}@ has no FILE (embedded BLOB data is not read)`, line, xref: owner })
      for (const file of files ?? []) resolved.push({ ...file, ...(ref.title === undefined ? {} : { title: ref.title }), record: ref.record })
    }
    return resolved
  }

  /** The list without targets that do not exist or repeat, the same array when nothing goes. */
  const existingOnce = <T>(list: T[], targetOf: (item: T) => string, exists: (target: string) => boolean, what: string, owner: string, line: number | undefined): T[] => {
    let kept: T[] | undefined
    // Earlier targets are scanned while the list is short (nearly always) and kept in a set once
    // it is long: one forged person may be in thousands of families.
    const seen = list.length > shortList ? new Set<string>() : undefined
    for (let index = 0; index < list.length; index += 1) {
      const item = list[index] as T
      const target = targetOf(item)
      let isRepeat = seen?.has(target) ?? false
      for (let earlier = 0; seen === undefined && earlier < index && !isRepeat; earlier += 1) isRepeat = targetOf(list[earlier] as T) === target
      seen?.add(target)
      let isKept = exists(target)
      if (!isKept) dangling(what, target, owner, line)
      else if (isRepeat) {
        warn({ code: 'duplicate_link', message: `${what} @${target}@ appears twice in @${owner}@; the first is kept`, line, xref: owner })
        isKept = false
      }
      if (!isKept) kept ??= list.slice(0, index)
      else kept?.push(item)
    }
    return kept ?? list
  }
  const isPerson = (xref: string) => people.has(xref)
  const isFamily = (xref: string) => familyByXref.has(xref)

  // Each side as the file states it, without pointers to nothing or repeats.
  individuals.forEach((person, index) => {
    const line = input.individualLines[index]
    person.notes = resolveNotes(person.notes, person.xref, line)
    person.media = resolveMedia(person.media, person.xref, line)
    person.childOf = existingOnce(person.childOf, (link) => link.family, isFamily, 'FAMC', person.xref, line)
    person.spouseOf = existingOnce(person.spouseOf, (family) => family, isFamily, 'FAMS', person.xref, line)
  })
  families.forEach((family, index) => {
    const line = input.familyLines[index]
    family.notes = resolveNotes(family.notes, family.xref, line)
    family.media = resolveMedia(family.media, family.xref, line)
    for (const role of PARTNER_ROLES) {
      const partner = family[role]
      if (partner === undefined || people.has(partner)) continue
      dangling(role === 'husband' ? 'HUSB' : 'WIFE', partner, family.xref, line)
      delete family[role]
    }
    family.children = existingOnce(family.children, (child) => child, isPerson, 'CHIL', family.xref, line)
  })

  // Now make both sides agree. The family's own lists keep their order; missing entries go last.
  // Membership goes through ListIndex: one person may be in thousands of families, or one family
  // have thousands of children, and a search of the list per link would then be quadratic.
  const oneSided = (message: string, xref: string) => warn({ code: 'one_sided_link', message, xref })
  const childLinks = new ListIndex<GedcomChildLink>((link) => link.family)
  const spouseLinks = new ListIndex<string>((familyXref) => familyXref)
  const listedChildren = new ListIndex<string>((child) => child)
  for (const family of families) {
    for (const childXref of family.children) {
      const child = people.get(childXref) as GedcomIndividual
      if (childLinks.has(child.childOf, family.xref)) continue
      childLinks.push(child.childOf, { family: family.xref, pedigree: 'birth' })
      oneSided(`@${family.xref}@ lists @${childXref}@ as a child, who has no FAMC for it`, childXref)
    }
    for (const role of PARTNER_ROLES) {
      const partner = people.get(family[role] ?? '')
      if (partner === undefined || spouseLinks.has(partner.spouseOf, family.xref)) continue
      spouseLinks.push(partner.spouseOf, family.xref)
      oneSided(`@${family.xref}@ names @${partner.xref}@ as a partner, who has no FAMS for it`, partner.xref)
    }
  }
  for (const person of individuals) {
    for (const link of person.childOf) {
      const family = familyByXref.get(link.family) as GedcomFamily
      if (listedChildren.has(family.children, person.xref)) continue
      listedChildren.push(family.children, person.xref)
      oneSided(`@${person.xref}@ has FAMC @${family.xref}@, which does not list them as a child`, person.xref)
    }
    const placed = person.spouseOf.filter((familyXref) => {
      const family = familyByXref.get(familyXref) as GedcomFamily
      if (family.husband === person.xref || family.wife === person.xref) return true
      // Put them where their sex says, else in whichever place is free.
      const bySex = person.sex === 'F' ? 'wife' : person.sex === 'M' ? 'husband' : undefined
      const role = bySex !== undefined && family[bySex] === undefined ? bySex : family.husband === undefined ? 'husband' : family.wife === undefined ? 'wife' : undefined
      if (role === undefined) {
        warn({ code: 'too_many_partners', message: `@${person.xref}@ has FAMS @${familyXref}@, which already has two partners; link dropped`, xref: person.xref })
        return false
      }
      family[role] = person.xref
      oneSided(`@${person.xref}@ has FAMS @${familyXref}@, which does not name them as a partner`, person.xref)
      return true
    })
    if (placed.length !== person.spouseOf.length) person.spouseOf = placed
  }
}

const PARTNER_ROLES = ['husband', 'wife'] as const

/** Lists up to this long are searched; longer ones get a set (real people and families stay far below it). */
const shortList = 16

/**
 * Membership in lists that only grow through `push`: a scan while a list is short, a set kept
 * beside it once it is long, so one forged person in thousands of families costs no more per
 * link than a real one.
 */
class ListIndex<T> {
  private readonly sets = new WeakMap<T[], Set<string>>()
  constructor(private readonly keyOf: (item: T) => string) {}

  has(list: T[], key: string): boolean {
    if (list.length <= shortList) {
      for (const item of list) if (this.keyOf(item) === key) return true
      return false
    }
    let set = this.sets.get(list)
    if (!set) this.sets.set(list, (set = new Set(list.map(this.keyOf))))
    return set.has(key)
  }

  push(list: T[], item: T): void {
    list.push(item)
    this.sets.get(list)?.add(this.keyOf(item))
  }
}
