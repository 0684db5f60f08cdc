import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

export interface BiographyEntryTable {
  id: string
  authorUserId: string
  subjectMemberId: string | null
  /** JSON text: `[{ role, parts: [{ text }] }]` (docs/product.md#data). */
  conversationPair: string
  title: string
  /** Calendar date `YYYY-MM-DD`, or null. */
  eventDate: string | null
  entryDate: Instant
  updatedAt: Instant
}
export type BiographyEntryRow = Selectable<BiographyEntryTable>
export type NewBiographyEntryRow = Insertable<BiographyEntryTable>
export type BiographyEntryUpdate = Updateable<BiographyEntryTable>

export interface BiographyTables {
  biographyEntry: BiographyEntryTable
}
