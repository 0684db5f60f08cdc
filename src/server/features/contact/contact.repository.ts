import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { NewContactMessageRow } from './contact.tables.ts'

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewContactMessageRow): Promise<void> {
      await db.insertInto('contactMessage').values(row).execute()
    },

    async deleteBySender(userId: string): Promise<void> {
      await db.deleteFrom('contactMessage').where('userId', '=', userId).execute()
    },
  }
}
export type ContactRepository = ReturnType<typeof createContactRepository>
