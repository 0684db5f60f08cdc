import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type { FactProposal } from '../../../shared/contracts/facts.ts'
import type { FactKind } from '../../../shared/facts/fact-kinds.ts'
import { joinFullName } from '../../../shared/family-tree/full-name.ts'
import { storedDateText } from '../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../shared/limits.ts'
import type { GedcomData, GedcomFamily, GedcomIndividual, GedcomKeptNode, GedcomKeptRecord } from '../../lib/gedcom/index.ts'
import { citationTexts } from './gedcom.citation-texts.ts'
import type { MediaReference } from './gedcom.export.ts'
import { unknownName } from './gedcom.map.ts'

// The facts people accepted from what they told Ana or Cronos keep where they were heard
// (docs/product.md#facts); an export says it the way genealogy programs read it. Each interview or
// memory a cited fact came from becomes a source record (its title, the teller as author), and
// each fact a citation under the structure it is about: the question as the page, the day it was
// told and the words as the citation's data, and the recording, when there is one, as its
// multimedia. The structures are written as kept ones (write-kept.ts), so each version gets its
// own spelling; only facts the tree still holds are cited, and relatives (a spouse, a parent) are not.

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

type CitedKind = Extract<FactKind, 'birthDate' | 'birthPlace' | 'deathDate' | 'deathPlace' | 'marriageDate' | 'marriagePlace' | 'occupation' | 'residence' | 'nickname'>
const citedKinds = new Set<FactKind>(['birthDate', 'birthPlace', 'deathDate', 'deathPlace', 'marriageDate', 'marriagePlace', 'occupation', 'residence', 'nickname'])

export interface CitationContext {
  tree: FamilyTree
  language: Language
  /** Recordings the export can name, by media id, with their file as the export refers to it. */
  recordings: Map<string, MediaReference>
}

const modeled = (nodes: GedcomKeptNode[], tag: string) => nodes.find((node) => node.isModeled && node.tag === tag)
const childValue = (node: GedcomKeptNode, tag: string) => node.children?.find((child) => child.tag === tag)?.value
const same = (a: string | undefined, b: string) => a !== undefined && a.trim() === b.trim()

/** A timestamp's day as GEDCOM writes it (`12 MAY 2026`), in UTC as the titles say it. */
function gedcomDay(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`
}

/** A name as a title says it: the parts the tree knows, without the form's «N.N.». */
function nameOf(member: { firstName: string; lastName: string }): string | null {
  const part = (value: string) => (value.trim() === unknownName ? '' : value)
  return joinFullName(part(member.firstName), part(member.lastName))
}

/**
 * Adds the citations of `facts` to the model `treeToGedcom` made of `tree`, whose individuals and
 * first families are its members and unions in order.
 */
export function attachCitations(data: GedcomData, facts: readonly FactProposal[], { tree, language, recordings }: CitationContext): void {
  const cited = facts.filter(
    (fact): fact is FactProposal & { kind: CitedKind; value: string } => fact.status === 'accepted' && citedKinds.has(fact.kind) && typeof fact.value === 'string',
  )
  if (cited.length === 0) return
  const words = citationTexts(language)
  const memberIndex = new Map(tree.members.map((member, index) => [member.memberId, index]))
  // A recording that is also a member's file already has a multimedia record: the citation points to that one.
  const memberMedia = new Set(data.individuals.flatMap((person) => person.media.flatMap((ref) => (ref.record === undefined ? [] : [ref.record]))))
  const sources = new Map<string, GedcomKeptRecord>()
  const mediaRecords = new Map<string, GedcomKeptRecord>()
  const ordered = [...cited].sort((a, b) => a.source.toldAt.localeCompare(b.source.toldAt) || a.id.localeCompare(b.id))

  /** The source record of the fact's interview or memory, titled by its first cited answer's day. */
  const sourceOf = (fact: FactProposal, member: FamilyTree['members'][number], told: Date | undefined): string => {
    const key = `cited ${fact.source.kind} ${fact.source.id}`
    if (sources.has(key)) return key
    const day = told === undefined ? '' : words.day(told)
    const title = (fact.source.kind === 'interview' ? words.interview : words.memory)(nameOf(member), day).replace(/, $/, '')
    const children: GedcomKeptNode[] = [{ tag: 'TITL', value: title }]
    if (fact.source.tellerName) children.push({ tag: 'AUTH', value: fact.source.tellerName })
    sources.set(key, { xref: key, tag: 'SOUR', children })
    return key
  }

  /** What the citation's OBJE points to: the member's file record, else a record of its own; none for a recording the export cannot name. */
  const recordingOf = (fact: FactProposal, told: Date | undefined): string | undefined => {
    const id = fact.source.recordingId
    if (id === null) return undefined
    if (memberMedia.has(id)) return id
    const key = `recording ${id}`
    if (mediaRecords.has(key)) return key
    const file = recordings.get(id)
    if (file === undefined) return undefined
    const title = words.recording(fact.source.tellerName, told === undefined ? '' : words.day(told)).replace(/, $/, '')
    mediaRecords.set(key, {
      xref: key,
      tag: 'OBJE',
      children: [
        {
          tag: 'FILE',
          value: file.file,
          children: [
            { tag: 'FORM', value: file.contentType },
            { tag: 'TITL', value: title },
          ],
        },
      ],
    })
    return key
  }

  // Each partner's unions, gathered once: a tree may hold 100,000 of them and cite many marriages.
  let partnerUnions: Map<string, number[]> | undefined
  const unionsOf = (memberId: string) => {
    if (partnerUnions === undefined) {
      partnerUnions = new Map()
      tree.unions.forEach((union, index) => {
        for (const partner of [union.firstPartnerId, union.secondPartnerId]) if (partner !== null) partnerUnions!.set(partner, [...(partnerUnions!.get(partner) ?? []), index])
      })
    }
    return partnerUnions.get(memberId) ?? []
  }

  /** The list the fact's citation goes in, creating the structure when the export has none yet; undefined when the tree no longer holds it. */
  const placeFor = (fact: FactProposal & { kind: CitedKind; value: string }, person: GedcomIndividual): GedcomKeptNode[] | undefined => {
    const kept = (person.kept ??= [])
    const event = (nodes: GedcomKeptNode[], tag: string) => {
      const node = modeled(nodes, tag) ?? { tag, isModeled: true as const }
      if (!nodes.includes(node)) nodes.push(node)
      return (node.children ??= [])
    }
    switch (fact.kind) {
      case 'birthDate':
      case 'birthPlace':
        return person.birth === undefined ? undefined : event(kept, 'BIRT')
      case 'deathDate':
      case 'deathPlace':
        return person.death === undefined ? undefined : event(kept, 'DEAT')
      case 'marriageDate':
      case 'marriagePlace': {
        const family = marriageOf(fact, unionsOf(fact.memberId))
        return family?.marriage === undefined ? undefined : event((family.kept ??= []), 'MARR')
      }
      case 'occupation': {
        const found = kept.find((node) => !node.isModeled && node.tag === 'OCCU' && same(node.value, fact.value))
        const node = found ?? { tag: 'OCCU', value: fact.value }
        if (!found) kept.push(node)
        return (node.children ??= [])
      }
      case 'residence': {
        const found = kept.find((node) => !node.isModeled && node.tag === 'RESI' && same(childValue(node, 'PLAC'), fact.value))
        const node = found ?? { tag: 'RESI', children: [{ tag: 'PLAC', value: fact.value }] }
        if (!found) kept.push(node)
        return (node.children ??= [])
      }
      case 'nickname': {
        // GEDCOM's NICK takes no citation of its own: the name it belongs to does.
        const name = event(kept, 'NAME')
        if (!name.some((node) => node.tag === 'NICK' && same(node.value, fact.value))) name.push({ tag: 'NICK', value: fact.value })
        return name
      }
    }
  }

  /** The union whose marriage the fact tells: the one holding its value, else the person's only married one. */
  const marriageOf = (fact: FactProposal & { value: string }, indexes: number[]): GedcomFamily | undefined => {
    const holds = indexes.filter((index) => {
      const union = tree.unions[index]!
      return fact.kind === 'marriageDate' ? union.marriageDate !== null && storedDateText(union.marriageDate) === fact.value : same(union.marriagePlace, fact.value)
    })
    const married = indexes.filter((index) => data.families[index]?.marriage !== undefined)
    const chosen = holds.length > 0 ? holds[0] : married.length === 1 ? married[0] : undefined
    return chosen === undefined ? undefined : data.families[chosen]
  }

  for (const fact of ordered) {
    const index = memberIndex.get(fact.memberId)
    if (index === undefined) continue
    const person = data.individuals[index]!
    const place = placeFor(fact, person)
    if (place === undefined) continue
    const toldAt = new Date(fact.source.toldAt)
    const told = Number.isNaN(toldAt.getTime()) ? undefined : toldAt
    const page = fact.source.question?.trim() || (told === undefined ? undefined : words.answerOf(words.day(told)))
    // The same words of the same answer are cited once (a date and a place said in one sentence),
    // also when an earlier export of this tree, imported back, already brought them.
    const isCited = place.some(
      (node) => node.tag === 'SOUR' && childValue(node, 'PAGE') === page && node.children?.some((data) => data.tag === 'DATA' && childValue(data, 'TEXT') === fact.quote),
    )
    if (isCited) continue
    const citationData: GedcomKeptNode[] = [...(told === undefined ? [] : [{ tag: 'DATE', value: gedcomDay(told) }]), { tag: 'TEXT', value: fact.quote }]
    const recording = recordingOf(fact, told)
    place.push({
      tag: 'SOUR',
      pointer: sourceOf(fact, tree.members[index]!, told),
      children: [
        ...(page === undefined ? [] : [{ tag: 'PAGE', value: page }]),
        { tag: 'DATA', children: citationData },
        ...(recording === undefined ? [] : [{ tag: 'OBJE', pointer: recording }]),
      ],
    })
  }
  if (sources.size + mediaRecords.size > 0) data.keptRecords = [...(data.keptRecords ?? []), ...sources.values(), ...mediaRecords.values()]
}
