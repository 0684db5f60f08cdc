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

export interface FamilyTreeTables {
  familyTree: FamilyTreeTable
  member: MemberTable
  memberParent: MemberParentTable
  familyUnion: FamilyUnionTable
}
