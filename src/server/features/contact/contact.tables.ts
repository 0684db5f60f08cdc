import type { ColumnType, Insertable } from 'kysely'

export interface ContactMessageTable {
  id: string
  name: string
  email: string
  message: string
  language: string | null
  /** The sender's account when they were signed in. */
  userId: string | null
  createdAt: ColumnType<Date | string, string, never>
}
export type NewContactMessageRow = Insertable<ContactMessageTable>

export interface ContactTables {
  contactMessage: ContactMessageTable
}
