import type { Gender, ParentKind, RelationToReader } from '../../../shared/contracts/family-tree.ts'
import type { StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import type { MemberFactsRow } from './family-tree.repository.ts'
import type { ProposedMember } from './family-tree.rules.ts'

/** A member's own facts and the people one link away: what a feature speaking about one person needs. */
export type MemberFacts = Pick<
  ProposedMember,
  'firstName' | 'lastName' | 'relationshipToOwner' | 'isSelf' | 'isDeceased' | 'birthDate' | 'deathDate' | 'birthPlace' | 'deathPlace' | 'gender' | 'bioSummary'
> & {
  memberId: string
  /** Parents first, then partners, then children by birth; `kind` is how the child is the parent's. */
  relatives: { memberId: string; firstName: string; lastName: string; relation: 'parent' | 'partner' | 'child'; kind: ParentKind | null }[]
  /** How the member stands to the person telling, when that person has a card of their own (`storytellerKinship`). */
  storyteller?: StorytellerKinship
  /** How the member stands to a reader who does not keep the tree (the contract's `relationToReader`). */
  relationToReader?: RelationToReader
}

/** What the tree tells of the person telling beside one member: whether they can have known them. */
export interface StorytellerKinship {
  /** The birth date on the teller's own card. */
  birthDate: StoredGenealogyDate | null
  /** Parent links from the teller up to the member (1 a parent, 3 a great-grandparent); null when the member is no ancestor of theirs. */
  generationsAbove: number | null
  /** The member is the teller's parent, child or partner. */
  isCloseFamily: boolean
}

const relationOrder = { self: 0, parent: 1, partner: 2, child: 3 } as const

/** The rows of `memberWithRelatives` as the member's facts; undefined when the member was not found. */
export function toMemberFacts(rows: MemberFactsRow[], memberId: string): MemberFacts | undefined {
  const own = rows.find((row) => row.relation === 'self')
  if (!own) return undefined
  const seen = new Set<string>()
  const relatives = rows
    .filter((row) => row.relation !== 'self' && row.id !== memberId)
    .sort((a, b) => relationOrder[a.relation] - relationOrder[b.relation] || (a.birthDateSort ?? Infinity) - (b.birthDateSort ?? Infinity))
    // A partner of two unions, or a parent linked through two kinds, is named once.
    .filter((row) => !seen.has(`${row.relation}:${row.id}`) && Boolean(seen.add(`${row.relation}:${row.id}`)))
    .map((row) => ({
      memberId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      relation: row.relation as 'parent' | 'partner' | 'child',
      kind: (row.kind as ParentKind | null) ?? null,
    }))
  return {
    memberId: own.id,
    firstName: own.firstName,
    lastName: own.lastName,
    relationshipToOwner: own.relationshipToOwner,
    isSelf: Boolean(own.isSelf),
    isDeceased: Boolean(own.isDeceased),
    birthDate: own.birthDate,
    deathDate: own.deathDate,
    birthPlace: own.birthPlace,
    deathPlace: own.deathPlace,
    gender: own.gender as Gender,
    bioSummary: own.bioSummary,
    relatives,
  }
}
