import { camelColumns, everyColumn } from '../../db/named-columns.ts'
import type { MemberRow, ParentLinkRow, UnionRow } from './family-tree.tables.ts'

// The columns the tree page's reads select, each named as the row type that reads it names it: the
// queries rename nothing row by row (family-tree.reads.repository.ts).

/** What the index of names reads of each person: no notes, no bio, no relation lists. */
export type IndexRow = Pick<
  MemberRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'relationshipToOwner'
  | 'isSelf'
  | 'isDeceased'
  | 'birthDate'
  | 'deathDate'
  | 'birthDateSort'
  | 'deathDateSort'
  | 'linkedUserId'
  | 'openToViewers'
>

/** A parent link with the child's birth sort key, which orders a family's children. */
export type LinkWithBirth = ParentLinkRow & { childBirthSort: number | null }

/** Every column of a member, named as `MemberRow` names them. */
export const memberColumns = camelColumns(
  'member',
  everyColumn<MemberRow>()([
    'id',
    'treeId',
    'ownerUserId',
    'firstName',
    'lastName',
    'relationshipToOwner',
    'birthDate',
    'deathDate',
    'birthDateSort',
    'deathDateSort',
    'birthPlace',
    'deathPlace',
    'notes',
    'sourceId',
    'isDeceased',
    'gender',
    'bioSummary',
    'isSelf',
    'keyLifeEvents',
    'linkedUserId',
    'connectionStatus',
    'connectionRequestedBy',
    'addedByUserId',
    'openToViewers',
    'createdAt',
    'updatedAt',
  ]),
)

/** Every column of a union, named as `UnionRow` names them. */
export const unionColumns = camelColumns(
  'family_union',
  everyColumn<UnionRow>()([
    'id',
    'treeId',
    'ownerUserId',
    'firstPartnerId',
    'secondPartnerId',
    'marriageDate',
    'marriageDateSort',
    'marriagePlace',
    'isMarried',
    'divorceDate',
    'divorcePlace',
    'notes',
    'sourceId',
    'position',
    'createdAt',
    'updatedAt',
  ]),
)

/** A link with its child's birth key, and whose tree it is (`holder`). */
export const linkColumns = [
  ...camelColumns('member_parent', ['childId', 'parentId', 'unionId', 'kind', 'childPosition'] as const),
  'member.birth_date_sort as childBirthSort',
  'member_parent.owner_user_id as holder',
] as const

export const indexColumns = camelColumns(
  'member',
  everyColumn<IndexRow>()([
    'id',
    'firstName',
    'lastName',
    'relationshipToOwner',
    'isSelf',
    'isDeceased',
    'birthDate',
    'deathDate',
    'birthDateSort',
    'deathDateSort',
    'linkedUserId',
    'openToViewers',
  ]),
)

/** What a read of everyone's names and places reads of each person, with what tells whether a viewer may see their places. */
export type MentionRow = Pick<MemberRow, 'id' | 'firstName' | 'lastName' | 'birthPlace' | 'deathPlace' | 'isDeceased' | 'birthDate' | 'deathDate' | 'openToViewers'>

export const mentionColumns = camelColumns(
  'member',
  everyColumn<MentionRow>()(['id', 'firstName', 'lastName', 'birthPlace', 'deathPlace', 'isDeceased', 'birthDate', 'deathDate', 'openToViewers']),
)

/** A union's place of marriage, with its partners. */
export type MarriagePlaceRow = Pick<UnionRow, 'id' | 'firstPartnerId' | 'secondPartnerId' | 'marriagePlace'>

export const marriagePlaceColumns = camelColumns('family_union', everyColumn<MarriagePlaceRow>()(['id', 'firstPartnerId', 'secondPartnerId', 'marriagePlace']))
