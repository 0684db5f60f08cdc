import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

export interface DreamEntryTable {
  id: string
  authorUserId: string
  title: string
  content: string
  /** Calendar date `YYYY-MM-DD`, or null. */
  dreamDate: string | null
  entryDate: Instant
  updatedAt: Instant
}
export type DreamEntryRow = Selectable<DreamEntryTable>
export type NewDreamEntryRow = Insertable<DreamEntryTable>
export type DreamEntryUpdate = Updateable<DreamEntryTable>

export interface DreamDiaryTables {
  dreamEntry: DreamEntryTable
}
