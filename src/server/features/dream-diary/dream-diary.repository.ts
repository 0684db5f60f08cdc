import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { DreamEntryRow, DreamEntryUpdate, NewDreamEntryRow } from './dream-diary.tables.ts'

/** Every query is filtered by the author: another user's dream simply does not exist here. */
export function createDreamRepository(db: Kysely<Database>) {
  return {
    async listByAuthor(authorUserId: string): Promise<DreamEntryRow[]> {
      return db.selectFrom('dreamEntry').selectAll().where('authorUserId', '=', authorUserId).orderBy('entryDate', 'desc').orderBy('id', 'desc').execute()
    },

    async findById(authorUserId: string, id: string): Promise<DreamEntryRow | undefined> {
      return db.selectFrom('dreamEntry').selectAll().where('authorUserId', '=', authorUserId).where('id', '=', id).executeTakeFirst()
    },

    async insert(row: NewDreamEntryRow): Promise<DreamEntryRow> {
      return db.insertInto('dreamEntry').values(row).returningAll().executeTakeFirstOrThrow()
    },

    /** Several dreams in one transaction: all of them are written, or none. */
    async insertMany(rows: NewDreamEntryRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (const row of rows) await trx.insertInto('dreamEntry').values(row).execute()
      })
    },

    async update(authorUserId: string, id: string, patch: DreamEntryUpdate): Promise<DreamEntryRow | undefined> {
      return db.updateTable('dreamEntry').set(patch).where('authorUserId', '=', authorUserId).where('id', '=', id).returningAll().executeTakeFirst()
    },

    /** Whether a dream was deleted. */
    async delete(authorUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('dreamEntry').where('authorUserId', '=', authorUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
export type DreamRepository = ReturnType<typeof createDreamRepository>
