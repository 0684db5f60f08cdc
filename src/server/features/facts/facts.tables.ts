import type { ColumnType, Insertable, Selectable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

/** A fact heard in an answer to Ana or Cronos, proposed for a person of the tree (docs/product.md#facts). */
export interface HeardFactTable {
  id: string
  /** The tree's holder, as on every row of the tree. */
  ownerUserId: string
  memberId: string
  /** One of the two: the answer to Ana, or the memory told to Cronos. */
  interviewSessionId: string | null
  biographyEntryId: string | null
  kind: string
  /** JSON: a stored date or a text as a string, a relative's name as `{ first, last }`. */
  value: string
  /** The value folded: one proposal per fact and answer, and a dismissed one is not proposed again. */
  valueKey: string
  quote: string
  quoteStart: number
  /** 'open', 'accepted' or 'dismissed'. */
  status: string
  decidedAt: ColumnType<Date | string | null, string | null | undefined, string | null>
  decidedByUserId: ColumnType<string | null, string | null | undefined, string | null>
  appliedMemberId: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: Instant
}
export type HeardFactRow = Selectable<HeardFactTable>
export type NewHeardFactRow = Insertable<HeardFactTable>

export interface FactTables {
  heardFact: HeardFactTable
}
