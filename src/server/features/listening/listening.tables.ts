import type { ColumnType, Insertable, Selectable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

/** A recording playable by whoever holds the token (docs/product.md#listening-links). */
export interface ListeningLinkTable {
  id: string
  /** Who made it: the recording's author. */
  ownerUserId: string
  mediaId: string
  token: string
  language: string
  createdAt: Instant
  expiresAt: ColumnType<Date | string | null, string | null, string | null>
}
export type ListeningLinkRow = Selectable<ListeningLinkTable>
export type NewListeningLinkRow = Insertable<ListeningLinkTable>

export interface ListeningTables {
  listeningLink: ListeningLinkTable
}
