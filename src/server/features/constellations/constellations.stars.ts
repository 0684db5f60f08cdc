import type { Constellation, Mention, Star, StarKind, StarLink } from '../../../shared/contracts/constellations.ts'
import type { Member, Union } from '../../../shared/contracts/family-tree.ts'
import { firstNameCounts, nameTerms } from '../../../shared/family-tree/mentions.ts'
import { isUnknownNamePart } from '../../../shared/family-tree/unknown-name.ts'
import { foldWords } from '../../../shared/text/fold.ts'
import { createTermFinder, firstWordOf, wordsOf, type Term } from '../../../shared/text/term-finder.ts'
import { createPacer, type Pacer } from '../../lib/cooperative.ts'

/** Something told, with the words read for stars. */
export interface ToldItem {
  mention: Mention
  /** Everything its words say (a memory's question and answer, a dream's title and text…). */
  text: string
  /** Its own dates (when it happened, the night of a dream), whose years are stars too. */
  dates: string[]
  /** The member it is about (an interview's), a star of it even when the words do not name them. */
  subjectMemberId: string | null
}

export interface ConstellationLimits {
  /** A star recurs: it appears in at least this many things told. */
  minMentions: number
  maxStars: number
  /** The strongest lines of each star are kept; a star joined to everything says nothing. */
  linksPerStar: number
  /** The current year: a later «2090» is not a year of the story. */
  thisYear: number
}

export const defaultLimits: Omit<ConstellationLimits, 'thisYear'> = { minMentions: 2, maxStars: 500, linksPerStar: 6 }

/** Years before this are rarely a story's and often a number («1200 pesos»). */
const firstYear = 1500
const yearPattern = /(?<![\p{L}\p{N}])(1[5-9]\d\d|20\d\d)(?![\p{L}\p{N}])/gu

function yearsIn(text: string, thisYear: number): string[] {
  return [...text.matchAll(yearPattern)].map((match) => match[1] ?? '').filter((year) => Number(year) >= firstYear && Number(year) <= thisYear)
}

/**
 * The part of a place that people say: «Pasto» of «Pasto, Nariño, Colombia». A place of less than
 * three letters («EE», a stray «?») finds nothing but noise.
 */
export function spokenPlace(place: string): string | null {
  const first = place.split(',')[0]?.trim() ?? ''
  return first.replace(/[^\p{L}]/gu, '').length >= 3 && !isUnknownNamePart(first) ? first : null
}

/** What of the tree makes stars: its people's names, the places of their lives and of their marriages (a whole tree will do). */
export interface StarTree {
  members: readonly Pick<Member, 'memberId' | 'firstName' | 'lastName' | 'birthPlace' | 'deathPlace'>[]
  unions: readonly Pick<Union, 'marriagePlace'>[]
}

/** People counted a slice at a time: a tree of 100,000 people is not counted in one task. */
const countSlice = 2000

/**
 * The words of the tree that make stars: its people's names and the places of their lives, those
 * whose first word something told says (`spoken`) alone: the others could not be found, and a
 * tree of 100,000 people would index 200,000 terms for a few memories. Every person keeps a
 * label (an interview's subject is a star even where its words do not name them). In slices.
 */
async function treeTerms(tree: StarTree, spoken: ReadonlySet<string>, pacer: Pacer): Promise<{ terms: Term<string>[]; labels: Map<string, string> }> {
  const labels = new Map<string, string>()
  const terms: Term<string>[] = []
  const counts = new Map<string, number>()
  for (let start = 0; start < tree.members.length; start += countSlice) {
    for (const [name, count] of firstNameCounts(tree.members.slice(start, start + countSlice))) counts.set(name, (counts.get(name) ?? 0) + count)
    await pacer.pause()
  }
  for (const member of tree.members) {
    const waiting = pacer.step()
    if (waiting) await waiting
    if (isUnknownNamePart(member.firstName)) continue
    const id = `person:${member.memberId}`
    labels.set(id, `${member.firstName} ${member.lastName}`.trim())
    // Names are written with capitals: «Rosa» is a person, «rosa» a colour.
    for (const text of nameTerms(member, counts)) if (spoken.has(firstWordOf(text))) terms.push({ key: id, text, needsCapital: true })
  }
  const places = [...tree.members.flatMap((member) => [member.birthPlace, member.deathPlace]), ...tree.unions.map((union) => union.marriagePlace)]
  for (const place of places) {
    const waiting = pacer.step()
    if (waiting) await waiting
    const said = spokenPlace(place)
    if (!said) continue
    const id = `place:${foldWords(said)}`
    if (labels.has(id) || !spoken.has(firstWordOf(said))) continue
    labels.set(id, said)
    terms.push({ key: id, text: said, needsCapital: true })
  }
  return { terms, labels }
}

const kindOf = (id: string) => id.slice(0, id.indexOf(':')) as StarKind

/**
 * The constellation of what was told: a star for each person, place or year that recurs, sized by
 * the things told it appears in, and a line between two stars for each thing that holds both.
 */
export async function buildConstellation(tree: StarTree, told: readonly ToldItem[], limits: ConstellationLimits): Promise<Constellation> {
  const spoken = new Set(told.flatMap((item) => wordsOf(item.text).map((word) => word.folded)))
  const { terms, labels } = await treeTerms(tree, spoken, createPacer())
  const find = createTermFinder(terms)
  const knownPeople = new Set(tree.members.map((member) => member.memberId))
  const starsOf = new Map<string, string[]>()
  const mentionsOf = new Map<string, string[]>()
  for (const item of told) {
    const ids = find(item.text)
    if (item.subjectMemberId && knownPeople.has(item.subjectMemberId)) ids.add(`person:${item.subjectMemberId}`)
    for (const year of [...yearsIn(item.text, limits.thisYear), ...item.dates.flatMap((date) => yearsIn(date, limits.thisYear))]) {
      ids.add(`year:${year}`)
      labels.set(`year:${year}`, year)
    }
    starsOf.set(item.mention.key, [...ids])
    for (const id of ids) mentionsOf.set(id, [...(mentionsOf.get(id) ?? []), item.mention.key])
  }

  const stars: Star[] = [...mentionsOf]
    .filter(([, keys]) => keys.length >= limits.minMentions)
    .map(([id, keys]) => ({ id, kind: kindOf(id), label: labels.get(id) ?? id, mentionKeys: keys }))
    .sort((a, b) => b.mentionKeys.length - a.mentionKeys.length || a.label.localeCompare(b.label))
    .slice(0, limits.maxStars)
  const size = new Map(stars.map((star) => [star.id, star.mentionKeys.length]))

  const weights = new Map<string, number>()
  for (const ids of starsOf.values()) {
    // The largest stars of one long text are enough to join it: its pairs grow with the square.
    const shown = ids
      .filter((id) => size.has(id))
      .sort((a, b) => (size.get(b) ?? 0) - (size.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, 40)
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const [source, target] = [shown[i] ?? '', shown[j] ?? ''].sort()
        const pair = `${source}\n${target}`
        weights.set(pair, (weights.get(pair) ?? 0) + 1)
      }
    }
  }
  const candidates: StarLink[] = [...weights].map(([pair, weight]) => {
    const [source = '', target = ''] = pair.split('\n')
    return { source, target, weight }
  })
  candidates.sort((a, b) => b.weight - a.weight || a.source.localeCompare(b.source) || a.target.localeCompare(b.target))
  const kept = new Map<string, number>()
  const links = candidates.filter((link) => {
    const isStrongForOne = (kept.get(link.source) ?? 0) < limits.linksPerStar || (kept.get(link.target) ?? 0) < limits.linksPerStar
    if (!isStrongForOne) return false
    kept.set(link.source, (kept.get(link.source) ?? 0) + 1)
    kept.set(link.target, (kept.get(link.target) ?? 0) + 1)
    return true
  })

  const shownMentions = new Set(stars.flatMap((star) => star.mentionKeys))
  const mentions = told.map((item) => item.mention).filter((mention) => shownMentions.has(mention.key))
  return { stars, links, mentions, toldCount: told.length }
}
