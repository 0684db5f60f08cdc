import type { BookChapter, BookOptions, BookPlan } from '../../../shared/contracts/book.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import type { BookMaterial } from './book.material.ts'
import { formatStoredDateShort, type StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import { joinFullName } from '../../../shared/family-tree/full-name.ts'
import { foldText } from '../../../shared/text/fold.ts'

/** People a chart prints at most: a family book of a large imported tree draws its storytellers and their nearest, not every line. */
export const chartMaxPeople = 300

export /** «1931 – 2019», «hacia 1920 –», or '' when neither date is known. */
function lifeYears(birth: StoredGenealogyDate | null, death: StoredGenealogyDate | null, language: BookOptions['language']): string {
  const from = formatStoredDateShort(birth, language)?.text ?? ''
  const to = formatStoredDateShort(death, language)?.text ?? ''
  if (!from && !to) return ''
  return `${from || '?'} – ${to}`.trim()
}

const fullName = (member: Pick<Member, 'firstName' | 'lastName'>) => joinFullName(member.firstName, member.lastName) ?? ''

const wordsOf = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/**
 * The family chart: the people of the book's chapters with their parents, partners and children
 * (a person's book: the person with theirs), each on a generation counted from the oldest drawn.
 */
export function bookChart(material: BookMaterial, options: BookOptions): BookPlan['chart'] {
  const byId = new Map(material.tree.members.map((member) => [member.memberId, member]))
  const centre = material.persons.flatMap((person) => (person.member && byId.has(person.member.memberId) ? [person.member] : []))
  if (centre.length === 0) return []
  const chosen = new Map<string, Member>()
  const add = (id: string) => {
    const member = byId.get(id)
    if (member && chosen.size < chartMaxPeople) chosen.set(id, member)
  }
  for (const member of centre) add(member.memberId)
  for (const member of centre) for (const id of [...member.parentMemberIds, ...member.spouseMemberIds, ...member.childrenMemberIds]) add(id)
  // A person's book with nobody around them has no chart worth a page.
  if (options.kind === 'person' && chosen.size < 2) return []

  // A generation is one below the lowest of one's parents drawn; partners stand on the same one.
  const generation = new Map<string, number>()
  const depth = (id: string, seen: Set<string>): number => {
    const known = generation.get(id)
    if (known !== undefined) return known
    if (seen.has(id)) return 0
    seen.add(id)
    const parents = chosen.get(id)!.parentMemberIds.filter((parent) => chosen.has(parent))
    const value = parents.length === 0 ? 0 : 1 + Math.max(...parents.map((parent) => depth(parent, seen)))
    generation.set(id, value)
    return value
  }
  for (const id of chosen.keys()) depth(id, new Set())
  for (const member of chosen.values()) {
    for (const partner of member.spouseMemberIds) {
      if (!chosen.has(partner)) continue
      const level = Math.max(generation.get(member.memberId)!, generation.get(partner)!)
      generation.set(member.memberId, level)
      generation.set(partner, level)
    }
  }
  return [...chosen.values()].map((member) => ({
    id: member.memberId,
    name: fullName(member),
    years: lifeYears(member.birthDate, member.deathDate, options.language),
    generation: generation.get(member.memberId) ?? 0,
    parentIds: member.parentMemberIds.filter((id) => chosen.has(id)),
    partnerIds: member.spouseMemberIds.filter((id) => chosen.has(id)),
  }))
}

/**
 * The people the index lists: everyone in the chart and every person of the tree the book's words
 * name, found by their full name or by a first name nobody else in the tree bears. Linear in the
 * tree and the text: names are looked up by their first word among the book's words.
 */
export function indexedPeople(material: BookMaterial, chapters: readonly BookChapter[], chart: BookPlan['chart']): BookPlan['people'] {
  const texts: string[] = []
  for (const chapter of chapters) {
    texts.push(chapter.title)
    if (chapter.retelling) texts.push(chapter.retelling)
    for (const block of chapter.blocks) {
      if (block.type === 'memory') texts.push(block.title, block.text)
      else if (block.type === 'answer') texts.push(block.question, block.answer)
      else texts.push(block.caption)
    }
  }
  const bookWords = new Set(texts.flatMap(wordsOf))
  const foldedText = ` ${texts.map((text) => wordsOf(text).join(' ')).join(' ')} `

  const firstNameCount = new Map<string, number>()
  for (const member of material.tree.members) {
    const first = wordsOf(member.firstName).join(' ')
    if (first) firstNameCount.set(first, (firstNameCount.get(first) ?? 0) + 1)
  }
  const inChart = new Set(chart.map((person) => person.id))
  const people: BookPlan['people'] = []
  for (const member of material.tree.members) {
    const name = fullName(member)
    if (!name) continue
    const first = wordsOf(member.firstName)
    const terms = [name]
    const firstName = first.join(' ')
    if (firstName.length >= 3 && firstNameCount.get(firstName) === 1 && foldText(name) !== firstName) terms.push(member.firstName.trim())
    const isNamed = first.length > 0 && bookWords.has(first[0]!) && terms.some((term) => foldedText.includes(` ${wordsOf(term).join(' ')} `))
    if (isNamed || inChart.has(member.memberId)) people.push({ id: member.memberId, name, terms })
  }
  return people
}
