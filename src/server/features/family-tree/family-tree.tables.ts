import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'

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

export interface MemberTable {
  id: string
  treeId: string
  ownerUserId: string
  firstName: string
  lastName: string
  relationshipToOwner: string
  birthDate: string | null
  deathDate: string | null
  isDeceased: Flag
  gender: string
  bioSummary: string
  isSelf: Flag
  /** JSON array of strings. */
  keyLifeEvents: string
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
}

/** Written in both directions: (a, b) and (b, a). */
export interface MemberSpouseTable {
  memberId: string
  spouseId: string
  ownerUserId: string
}

export interface FamilyTreeTables {
  familyTree: FamilyTreeTable
  member: MemberTable
  memberParent: MemberParentTable
  memberSpouse: MemberSpouseTable
}
