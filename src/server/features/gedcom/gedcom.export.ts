import type { FamilyTree, Gender, Member } from '../../../shared/contracts/family-tree.ts'
import type { GedcomExportVersion } from '../../../shared/contracts/gedcom.ts'
import { readStoredDate, storedDateText, toGedcomDate, type StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import { createHash } from 'node:crypto'
import { createPacer, pacedSort, type Pacer } from '../../lib/cooperative.ts'
import { uidOfSourceId, xrefOfSourceId } from './gedcom.identity.ts'
import { attachKept } from './gedcom.export-kept.ts'
import { unknownName } from './gedcom.map.ts'
import type { KeptRow } from './gedcom.kept.repository.ts'
import type { GedcomChildLink, GedcomData, GedcomEvent, GedcomFamily, GedcomIndividual, GedcomMediaRef, GedcomNote, GedcomSex } from '../../lib/gedcom/index.ts'

// The owner's tree as the GEDCOM codec's neutral model. Members and unions keep the xref they were
// imported from, without the namespace it was kept in (the writer keeps a valid one), so a file
// exported after an import still reads like it. Each person and family gets a UID: the one it was
// imported with, else its id, so importing the export into this tree updates it and into another
// tree creates it once (see gedcom.identity.ts).

const sexes: Record<Gender, GedcomSex> = { Masculino: 'M', Femenino: 'F', Otro: 'X', '': 'U' }

/** A member's file as an OBJE reference: where it is stored, its type and caption. */
export interface MediaReference {
  file: string
  contentType: string
  title: string
}

/** A stored date as each version writes it; 7.0's PHRASE carries what the value cannot. */
function dateOf(stored: StoredGenealogyDate | null, version: GedcomExportVersion): Pick<GedcomEvent, 'date' | 'datePhrase'> {
  const value = readStoredDate(stored)
  if (!value) return {}
  const older = toGedcomDate(value, '5.5.1')
  if (version === '5.5.1') return { date: older.date }
  const newer = toGedcomDate(value, '7.0')
  // Without a phrase the writer converts the 5.5.1 form itself, calendar escapes and all.
  return newer.phrase === undefined ? { date: older.date } : { date: newer.date, datePhrase: newer.phrase }
}

/** Each distinct stored date as `dateOf` writes it, read once per export: a tree repeats its dates. */
type DateCache = Map<string, Pick<GedcomEvent, 'date' | 'datePhrase'>>

function event(stored: StoredGenealogyDate | null, place: string, version: GedcomExportVersion, dates: DateCache): GedcomEvent | undefined {
  let date: Pick<GedcomEvent, 'date' | 'datePhrase'> = {}
  if (stored !== null) {
    const text = storedDateText(stored)
    const known = dates.get(text)
    if (known) date = known
    else dates.set(text, (date = dateOf(stored, version)))
  }
  if (date.date === undefined && date.datePhrase === undefined && !place) return undefined
  return { ...date, ...(place ? { place } : {}) }
}

/**
 * The short biography first, marked as such (another program shows it as a note; Legado reads it
 * back as the biography), then the notes: each comes back to its own field. A biography that is
 * the start of the notes (an import takes the first note as both) is written once, marked as
 * also being the first note, and the notes go on after it: another program shows each note once.
 */
export function notesOf(member: Pick<Member, 'notes' | 'bioSummary'>): GedcomNote[] {
  const { bioSummary: summary, notes } = member
  if (!summary) return notes ? [{ text: notes }] : []
  if (notes === summary) return [{ text: summary, isSummary: true, isAlsoNote: true }]
  const rest = notes.startsWith(`${summary}\n\n`) ? notes.slice(summary.length + 2) : undefined
  if (rest !== undefined) return [{ text: summary, isSummary: true, isAlsoNote: true }, ...(rest ? [{ text: rest }] : [])]
  return [{ text: summary, isSummary: true }, ...(notes ? [{ text: notes }] : [])]
}

/** A name part as GEDCOM writes it: the form's `N.N.` stands for a part nobody knows, which GEDCOM leaves empty. */
const namePart = (part: string) => (part.trim() === unknownName ? '' : part)

/**
 * Each row's xref in the model: the one it was imported from, unless another row (from another
 * file) already has it; then its id, which the writer replaces by a fresh one. Unique, because
 * the model's pointers go by them.
 */
async function modelXrefs<Row extends { sourceId: string | null }>(rows: readonly Row[], idOf: (row: Row) => string, pacer: Pacer): Promise<Map<string, string>> {
  const used = new Set<string>()
  const keys = new Map<string, string>()
  for (const row of rows) {
    const id = idOf(row)
    const xref = row.sourceId === null ? undefined : xrefOfSourceId(row.sourceId)
    const key = xref === undefined || used.has(xref) ? id : xref
    used.add(key)
    keys.set(id, key)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  return keys
}

/** A UUID that stays the same for the same text (version 8, name-based): the UID of a family that is not a row. */
function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The tree as the codec's model. A tree may hold 100,000 people: the pacer lets other requests in
 * between people (see cooperative.ts).
 */
export async function treeToGedcom(
  tree: FamilyTree,
  version: GedcomExportVersion,
  media: Map<string, MediaReference>,
  kept: KeptRow[] = [],
  pacer = createPacer(),
): Promise<GedcomData> {
  // Awaited only when the slice is over: an await per item makes a promise per item, which costs
  // more than the item (the request's async context follows every one).
  const dates: DateCache = new Map()
  const memberKey = await modelXrefs(tree.members, (member) => member.memberId, pacer)
  const unionKey = await modelXrefs(tree.unions, (union) => union.unionId, pacer)
  const genderOf = new Map<string, string>()
  for (const member of tree.members) {
    genderOf.set(member.memberId, member.gender)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  /**
   * Which of two partners GEDCOM calls HUSB and which WIFE: by their order, unless that would make
   * a woman the husband or a man the wife (a mother known alone is her family's WIFE, as other
   * programs read it). Two women or two men keep their order: the roles are only names then.
   */
  const roles = (first: string | null, second: string | null): { husband: string | null; wife: string | null } => {
    const [a, b] = [first === null ? '' : genderOf.get(first), second === null ? '' : genderOf.get(second)]
    const swap = (a === 'Femenino' && b !== 'Femenino') || (b === 'Masculino' && a !== 'Masculino')
    return swap ? { husband: second, wife: first } : { husband: first, wife: second }
  }
  const key = (id: string | null) => (id === null ? undefined : memberKey.get(id))
  const families: GedcomFamily[] = []
  const familyOfUnion = new Map<string, GedcomFamily>()
  for (const union of tree.unions) {
    const waiting = pacer.step()
    if (waiting) await waiting
    const { husband, wife } = roles(union.firstPartnerId, union.secondPartnerId)
    const family: GedcomFamily = {
      xref: unionKey.get(union.unionId)!,
      uids: [uidOfSourceId(union.sourceId) ?? union.unionId],
      ...(key(husband) === undefined ? {} : { husband: key(husband)! }),
      ...(key(wife) === undefined ? {} : { wife: key(wife)! }),
      children: [],
      notes: union.notes ? [{ text: union.notes }] : [],
      media: [],
    }
    // A marriage nobody knows the date or place of is still written: `1 MARR Y`.
    const marriage = event(union.marriageDate, union.marriagePlace, version, dates) ?? (union.isMarried ? {} : undefined)
    const divorce = event(union.divorceDate, union.divorcePlace, version, dates)
    if (marriage) family.marriage = marriage
    if (divorce) family.divorce = divorce
    families.push(family)
    familyOfUnion.set(union.unionId, family)
  }

  // A parent linked without a union (one parent known, or parents never recorded as a couple)
  // still needs a family in GEDCOM: one per child's set of such parents.
  const looseFamilies = new Map<string, GedcomFamily>()
  const childOf = new Map<string, GedcomChildLink[]>()
  const unionOf = new Map<string, FamilyTree['unions'][number]>()
  for (const union of tree.unions) {
    unionOf.set(union.unionId, union)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  for (const member of tree.members) {
    const waiting = pacer.step()
    if (waiting) await waiting
    const links: GedcomChildLink[] = []
    const loose = member.parentLinks.filter((link) => link.unionId === null || !familyOfUnion.has(link.unionId))
    // Each parent's own kind: the writer says it once for the link when the two agree, else per parent.
    for (const link of member.parentLinks) {
      const family = link.unionId === null ? undefined : familyOfUnion.get(link.unionId)
      if (!family) continue
      const union = unionOf.get(link.unionId!)!
      const { husband, wife } = roles(union.firstPartnerId, union.secondPartnerId)
      let childLink = links.find((l) => l.family === family.xref)
      if (!childLink) links.push((childLink = { family: family.xref, pedigree: link.kind }))
      if (link.parentId === husband) childLink.husband = link.kind
      else if (link.parentId === wife) childLink.wife = link.kind
    }
    for (const kind of new Set(loose.map((link) => link.kind))) {
      const parents = loose
        .filter((link) => link.kind === kind)
        .map((link) => link.parentId)
        .sort()
      const parentsKey = parents.join(' ')
      let family = looseFamilies.get(parentsKey)
      if (!family) {
        const { husband, wife } = roles(parents[0] ?? null, parents[1] ?? null)
        family = {
          xref: `loose ${parentsKey}`,
          uids: [stableUuid(`parents ${parentsKey}`)],
          ...(key(husband) === undefined ? {} : { husband: key(husband)! }),
          ...(key(wife) === undefined ? {} : { wife: key(wife)! }),
          children: [],
          notes: [],
          media: [],
        }
        looseFamilies.set(parentsKey, family)
        families.push(family)
      }
      family.children.push(memberKey.get(member.memberId)!)
      links.push({ family: family.xref, pedigree: kind })
    }
    childOf.set(member.memberId, links)
  }
  // A couple's children in the union's order (the source's, then by birth), not the members' alphabetical one.
  for (const union of tree.unions) {
    const children = familyOfUnion.get(union.unionId)!.children
    // One at a time: spreading a union of 100,000 children into push would pass as many arguments.
    for (const child of union.children) {
      children.push(memberKey.get(child.childId)!)
      const waiting = pacer.step()
      if (waiting) await waiting
    }
  }
  const birthOrder = new Map<string, number>()
  for (const member of tree.members) {
    birthOrder.set(memberKey.get(member.memberId)!, member.birthDateSortKey ?? Infinity)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  const byBirth = (a: string, b: string) => birthOrder.get(a)! - birthOrder.get(b)!
  // Most such families hold a child or two, for whom a promise would cost more than the sort.
  for (const family of looseFamilies.values()) family.children = family.children.length > 512 ? await pacedSort(family.children, byBirth, pacer) : family.children.sort(byBirth)
  const spouseOf = new Map<string, string[]>()
  for (const family of families) {
    const waiting = pacer.step()
    if (waiting) await waiting
    for (const partner of [family.husband, family.wife]) {
      if (partner === undefined) continue
      const list = spouseOf.get(partner)
      // Appended in place: one person may be a partner in thousands of families of a forged file.
      if (list) list.push(family.xref)
      else spouseOf.set(partner, [family.xref])
    }
  }
  const individuals: GedcomIndividual[] = []
  for (const member of tree.members) {
    const waiting = pacer.step()
    if (waiting) await waiting
    const xref = memberKey.get(member.memberId)!
    const birth = event(member.birthDate, member.birthPlace, version, dates)
    const death = member.isDeceased || member.deathDate || member.deathPlace ? (event(member.deathDate, member.deathPlace, version, dates) ?? {}) : undefined
    const mediaRefs = member.mediaAssetIds.flatMap((id): GedcomMediaRef[] => {
      const found = media.get(id)
      return found ? [{ file: found.file, format: found.contentType, ...(found.title ? { title: found.title } : {}), record: id }] : []
    })
    const givenNames = namePart(member.firstName)
    const surname = namePart(member.lastName)
    individuals.push({
      xref,
      uids: [uidOfSourceId(member.sourceId) ?? member.memberId],
      ...(givenNames || surname ? { name: surname ? `${givenNames} /${surname}/`.trimStart() : givenNames } : {}),
      givenNames,
      surname,
      sex: sexes[member.gender],
      ...(birth ? { birth } : {}),
      ...(death ? { death } : {}),
      notes: notesOf(member),
      media: mediaRefs,
      childOf: childOf.get(member.memberId) ?? [],
      spouseOf: spouseOf.get(xref) ?? [],
    })
  }
  const data: GedcomData = { individuals, families }
  attachKept(data, kept, { tree, individuals, families, memberKey, unionKey })
  return data
}
