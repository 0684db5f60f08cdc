import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'
import type { StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'

type Instant = ColumnType<Date | string, string, string>
/** boolean on PostgreSQL, 0/1 on SQLite; written as 0/1, which both accept. */
type Flag = ColumnType<boolean | number, 0 | 1, 0 | 1>

export interface FamilyTreeTable {
  id: string
  ownerUserId: string
  treeName: string
  createdAt: Instant
  lastModified: Instant
}
export type FamilyTreeRow = Selectable<FamilyTreeTable>
export type NewFamilyTreeRow = Insertable<FamilyTreeTable>

export interface MemberTable {
  id: string
  treeId: string
  ownerUserId: string
  firstName: string
  lastName: string
  relationshipToOwner: string
  /** As written, in genealogy-date's language-free storage form (an exact day stays `YYYY-MM-DD`). */
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
  /** Derived from the date with `genealogyDateSortKey`; null when the date has no year. */
  birthDateSort: number | null
  deathDateSort: number | null
  birthPlace: ColumnType<string, string | undefined, string>
  deathPlace: ColumnType<string, string | undefined, string>
  notes: ColumnType<string, string | undefined, string>
  /** The xref of the record it was imported from; unique per owner where set. */
  sourceId: string | null
  isDeceased: Flag
  gender: string
  bioSummary: string
  isSelf: Flag
  /** JSON array of strings. */
  keyLifeEvents: string
  /** The account of the person this card is, once they accepted an invitation for it. */
  linkedUserId: ColumnType<string | null, string | null | undefined, string | null>
  /** 'pending' while an invitation for this card waits, 'accepted' once linked; null otherwise. */
  connectionStatus: ColumnType<string | null, string | null | undefined, string | null>
  /** Who asked for the link (the person who invited them). */
  connectionRequestedBy: ColumnType<string | null, string | null | undefined, string | null>
  /** Who added the card, when not the tree's holder. */
  addedByUserId: ColumnType<string | null, string | null | undefined, string | null>
  /** The owner opened this living person up: viewers see their dates and places too. */
  openToViewers: ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>
  createdAt: Instant
  updatedAt: Instant
}
export type MemberRow = Selectable<MemberTable>
export type NewMemberRow = Insertable<MemberTable>
export type MemberUpdate = Updateable<MemberTable>

export interface MemberParentTable {
  childId: string
  parentId: string
  ownerUserId: string
  /** The union the child belongs to through this parent, when known. */
  unionId: string | null
  kind: ColumnType<string, string | undefined, string>
  /** The child's place among the union's children, as the source ordered them; null when none did. */
  childPosition: ColumnType<number | null, number | null | undefined, number | null>
}
export type ParentLinkRow = Pick<Selectable<MemberParentTable>, 'childId' | 'parentId' | 'unionId' | 'kind'> & { childPosition?: number | null }

/** A couple (or a single parent's family): partners, marriage, divorce; children point to it. */
export interface FamilyUnionTable {
  id: string
  treeId: string
  ownerUserId: string
  firstPartnerId: string | null
  secondPartnerId: string | null
  marriageDate: StoredGenealogyDate | null
  marriageDateSort: number | null
  marriagePlace: ColumnType<string, string | undefined, string>
  /** The couple married (GEDCOM's MARR), whether or not its date or place is known. */
  isMarried: Flag
  divorceDate: StoredGenealogyDate | null
  divorcePlace: ColumnType<string, string | undefined, string>
  notes: ColumnType<string, string | undefined, string>
  sourceId: string | null
  position: ColumnType<number, number | undefined, number>
  createdAt: Instant
  updatedAt: Instant
}
export type UnionRow = Selectable<FamilyUnionTable>
export type NewUnionRow = Insertable<FamilyUnionTable>
export type UnionUpdate = Updateable<FamilyUnionTable>

/**
 * A person's place in a tree. The tree's rows keep the key of its holder (`familyTree.ownerUserId`,
 * the account that started it); everyone else reaches them through a membership.
 */
export interface TreeMembershipTable {
  treeId: string
  userId: string
  role: string
  invitedByUserId: string | null
  joinedAt: Instant
  chosenAt: Instant
  seenAt: ColumnType<Date | string | null, string | null | undefined, string | null>
}
export type TreeMembershipRow = Selectable<TreeMembershipTable>

export interface TreeInvitationTable {
  id: string
  treeId: string
  tokenHash: string
  role: string
  memberId: string | null
  invitedByUserId: string
  email: string | null
  createdAt: Instant
  expiresAt: Instant
  sentAt: ColumnType<Date | string | null, string | null | undefined, string | null>
  acceptedAt: ColumnType<Date | string | null, string | null | undefined, string | null>
  acceptedByUserId: string | null
  declinedAt: ColumnType<Date | string | null, string | null | undefined, string | null>
  revokedAt: ColumnType<Date | string | null, string | null | undefined, string | null>
}
export type TreeInvitationRow = Selectable<TreeInvitationTable>

/** A biography memory its author shared with a tree. */
export interface TreeSharedMemoryTable {
  treeId: string
  entryId: string
  sharedByUserId: string
  sharedAt: Instant
}

/** An AI-lab story its author shared with a tree. */
export interface TreeSharedStoryTable {
  treeId: string
  storyId: string
  sharedByUserId: string
  sharedAt: Instant
}

export interface FamilyTreeTables {
  treeMembership: TreeMembershipTable
  treeInvitation: TreeInvitationTable
  treeSharedMemory: TreeSharedMemoryTable
  treeSharedStory: TreeSharedStoryTable
  familyTree: FamilyTreeTable
  member: MemberTable
  memberParent: MemberParentTable
  familyUnion: FamilyUnionTable
}
