import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>
type Flag = ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>

export interface BiographyEntryTable {
  id: string
  authorUserId: string
  subjectMemberId: string | null
  /** JSON text: `[{ role, parts: [{ text }] }]`, the answer and then Cronos' reply (docs/product.md#data). */
  conversationPair: string
  /** The sitting it was told in (lib/chat/conversations.ts); null for a memory written by hand. */
  conversationId: string | null
  /** The question the answer answers, as Cronos asked it. */
  question: string | null
  /** The answer as first said, once corrected. */
  originalAnswer: string | null
  /** A skipped question's hidden mark ("otra"): no memory, but Cronos' context keeps it. */
  isSkip: Flag
  title: string
  /** Genealogy-date's stored form (`1950-05-17`, `ABT 1950`), or null. */
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
