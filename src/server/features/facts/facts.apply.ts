import type { FactValue } from '../../../shared/contracts/facts.ts'
import { createMemberSchema, type CreateMember, type Member, type MemberFacts, type UpdateMember } from '../../../shared/contracts/family-tree.ts'
import type { z } from 'zod'
import type { FactKind, PersonName } from '../../../shared/facts/index.ts'
import { storedDateText } from '../../../shared/genealogy-date/index.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { AppError } from '../../lib/app-error.ts'
import { parseOrThrow } from '../../lib/validation.ts'
import { foldWords } from '../../../shared/text/fold.ts'

/** A partner's union as a marriage fact fills it. */
export interface FactUnion {
  unionId: string
  spouseId: string | null
  marriageDate: string | null
  marriagePlace: string
}

/** What the facts feature reads and writes of the family tree, through the tree's own rules. */
export interface FactTree {
  memberFacts(holderId: string, memberId: string): Promise<MemberFacts | undefined>
  unionsOf(holderId: string, memberId: string): Promise<FactUnion[]>
  updateMember(holderId: string, memberId: string, changes: UpdateMember): Promise<Member>
  addMember(holderId: string, input: z.output<typeof createMemberSchema>, authorId: string): Promise<Member>
}

const fold = foldWords

const relationOf = { child: 'child', parent: 'parent', spouse: 'partner' } as const

/** The relative of the tree the name means: linked to the member that way, with the same first name (and last, when both are known). */
export function existingRelative(member: MemberFacts, kind: FactKind, value: FactValue): MemberFacts['relatives'][number] | null {
  if (typeof value === 'string' || !(kind in relationOf)) return null
  const relation = relationOf[kind as keyof typeof relationOf]
  return (
    member.relatives.find(
      (relative) =>
        relative.relation === relation &&
        fold(relative.firstName) === fold(value.first) &&
        (!value.last.trim() || !relative.lastName.trim() || fold(relative.lastName) === fold(value.last)),
    ) ?? null
  )
}

/** The union a marriage fact is about: the one with the partner it names, else the member's only one. */
async function unionFor(tree: FactTree, holderId: string, member: MemberFacts, spouse: PersonName | undefined): Promise<{ union: FactUnion; all: FactUnion[] } | null> {
  const all = await tree.unionsOf(holderId, member.memberId)
  if (spouse) {
    const partner = member.relatives.find((r) => r.relation === 'partner' && fold(r.firstName) === fold(spouse.first))
    const union = partner && all.find((u) => u.spouseId === partner.memberId)
    if (union) return { union, all }
  }
  return all.length === 1 ? { union: all[0]!, all } : null
}

/**
 * What the tree holds for the fact, when it holds something else (or, `evenWhenSame`, anything):
 * a contradiction to show beside what was told. Relatives and the facts a person may have many of
 * (occupations, homes, nicknames) contradict nothing.
 */
export async function currentValue(
  tree: FactTree,
  holderId: string,
  member: MemberFacts,
  kind: FactKind,
  stored: { v: FactValue; spouse?: PersonName },
  options: { evenWhenSame?: boolean } = {},
): Promise<string | null> {
  let held: string | null = null
  if (kind === 'birthDate') held = member.birthDate as string | null
  else if (kind === 'deathDate') held = member.deathDate as string | null
  else if (kind === 'birthPlace') held = member.birthPlace || null
  else if (kind === 'deathPlace') held = member.deathPlace || null
  else if (kind === 'marriageDate' || kind === 'marriagePlace') {
    const found = await unionFor(tree, holderId, member, stored.spouse)
    held = found ? (kind === 'marriageDate' ? found.union.marriageDate : found.union.marriagePlace || null) : null
  }
  if (held === null || typeof stored.v !== 'string') return null
  return options.evenWhenSame || fold(held) !== fold(stored.v) ? held : null
}

export interface AppliedFact {
  /** The value as the tree keeps it now (a date written by hand, in its stored form). */
  value: FactValue
  /** A relative added or linked. */
  relativeId?: string
  changedMemberIds: string[]
}

/**
 * Writes an accepted fact through the family tree's own rules (a date is read as the tree reads
 * one; a third birth parent is refused as in the form). A relative already linked by that name is
 * linked, not added twice.
 */
export async function applyFact(
  tree: FactTree,
  who: { holderId: string; authorId: string; language: Language },
  member: MemberFacts,
  kind: FactKind,
  stored: { v: FactValue; spouse?: PersonName },
): Promise<AppliedFact> {
  const { holderId, language } = who
  const value = stored.v
  if (typeof value !== 'string') return addRelative(tree, who, member, kind, value)
  const id = member.memberId
  switch (kind) {
    case 'birthDate': {
      const { birthDate } = await tree.updateMember(holderId, id, { birthDate: value, language })
      return { value: birthDate ? storedDateText(birthDate) : value, changedMemberIds: [id] }
    }
    case 'deathDate': {
      const { deathDate } = await tree.updateMember(holderId, id, { deathDate: value, isDeceased: true, language })
      return { value: deathDate ? storedDateText(deathDate) : value, changedMemberIds: [id] }
    }
    case 'birthPlace':
      await tree.updateMember(holderId, id, { birthPlace: value })
      return { value, changedMemberIds: [id] }
    case 'deathPlace':
      await tree.updateMember(holderId, id, { deathPlace: value, isDeceased: true })
      return { value, changedMemberIds: [id] }
    case 'marriageDate':
    case 'marriagePlace': {
      const found = await unionFor(tree, holderId, member, stored.spouse)
      if (!found) throw new AppError('facts.no_union', 'The marriage needs the partner in the tree first')
      // Sent whole, as the member form sends them: a union not sent would be dropped.
      const unions = found.all.map((union) => ({
        unionId: union.unionId,
        spouseId: union.spouseId,
        ...(union.unionId === found.union.unionId ? { isMarried: true, ...(kind === 'marriageDate' ? { marriageDate: value } : { marriagePlace: value }) } : {}),
      }))
      await tree.updateMember(holderId, id, { unions, language })
      const after = (await tree.unionsOf(holderId, id)).find((union) => union.unionId === found.union.unionId)
      const kept = kind === 'marriageDate' ? after?.marriageDate : after?.marriagePlace
      return { value: kept ?? value, changedMemberIds: [id, ...(found.union.spouseId ? [found.union.spouseId] : [])] }
    }
    default:
      // An occupation, a home, a nickname: the accepted fact is itself what the card shows.
      return { value, changedMemberIds: [id] }
  }
}

/**
 * The keeper's word for a relative added from what was told: how they stand to the person told
 * about (the page reckons kin from the links; the word is what a card needs to say it was not
 * imported). The told words do not always say whether a son or a daughter: both are named.
 */
const relativeWords: Record<Language, Record<'child' | 'parent' | 'spouse' | 'sibling', [own: string, of: string]>> = {
  es: {
    child: ['Hijo o hija', 'Hijo o hija de {name}'],
    parent: ['Padre o madre', 'Padre o madre de {name}'],
    spouse: ['Pareja', 'Pareja de {name}'],
    sibling: ['Hermano o hermana', 'Hermano o hermana de {name}'],
  },
  en: { child: ['Child', 'Child of {name}'], parent: ['Parent', 'Parent of {name}'], spouse: ['Spouse', 'Spouse of {name}'], sibling: ['Sibling', 'Sibling of {name}'] },
  fr: {
    child: ['Enfant', 'Enfant de {name}'],
    parent: ['Parent', 'Parent de {name}'],
    spouse: ['Conjoint', 'Conjoint de {name}'],
    sibling: ['Frère ou sœur', 'Frère ou sœur de {name}'],
  },
}

function relationshipWord(member: MemberFacts, kind: 'child' | 'parent' | 'spouse' | 'sibling', language: Language): string {
  const [own, of] = relativeWords[language][kind]
  return isSelfMember(member) ? own : of.replace('{name}', `${member.firstName} ${member.lastName}`.trim()).slice(0, limits.memberRelationshipMaxLength)
}

async function addRelative(
  tree: FactTree,
  who: { holderId: string; authorId: string; language: Language },
  member: MemberFacts,
  kind: FactKind,
  name: PersonName,
): Promise<AppliedFact> {
  const existing = existingRelative(member, kind, name)
  if (existing) return { value: name, relativeId: existing.memberId, changedMemberIds: [] }
  const id = member.memberId
  const names = {
    firstName: name.first.trim(),
    lastName: name.last.trim(),
    language: who.language,
    relationshipToOwner: relationshipWord(member, kind as 'child' | 'parent' | 'spouse' | 'sibling', who.language),
  }
  let input: CreateMember
  if (kind === 'child') input = { ...names, parentLinks: [{ parentId: id, kind: 'birth' }] }
  else if (kind === 'parent') input = { ...names, childLinks: [{ childId: id, kind: 'birth' }] }
  else if (kind === 'spouse') input = { ...names, spouseMemberIds: [id] }
  else {
    // A brother or sister is a child of the same parents; with none in the tree there is nothing to link them by.
    const parents = member.relatives.filter((r) => r.relation === 'parent' && (r.kind === null || r.kind === 'birth'))
    if (parents.length === 0) throw new AppError('facts.no_parents', 'A sibling needs the parents in the tree first')
    input = { ...names, parentLinks: parents.map((parent) => ({ parentId: parent.memberId, kind: 'birth' as const })) }
  }
  // Checked as the member form checks a card, except that a relative told by first name alone
  // keeps an empty last name (as an imported card may): nobody said it, so nothing is made up.
  const checked = parseOrThrow(createMemberSchema, { ...input, lastName: input.lastName || '-' })
  const added = await tree.addMember(who.holderId, { ...checked, lastName: input.lastName }, who.authorId)
  return { value: name, relativeId: added.memberId, changedMemberIds: [added.memberId, id] }
}
