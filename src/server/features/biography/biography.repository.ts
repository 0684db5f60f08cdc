import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { BiographyEntryRow, BiographyEntryUpdate, NewBiographyEntryRow } from './biography.tables.ts'

/** Every query is filtered by the author: another user's memories simply do not exist here. */
export function createBiographyRepository(db: Kysely<Database>) {
  return {
    /** Newest first. */
    async listByAuthor(authorUserId: string): Promise<BiographyEntryRow[]> {
      return db.selectFrom('biographyEntry').selectAll().where('authorUserId', '=', authorUserId).orderBy('entryDate', 'desc').orderBy('id', 'desc').execute()
    },

    /** The latest `limit` entries (all when undefined), oldest first: the conversation so far. */
    async listConversation(authorUserId: string, limit?: number): Promise<BiographyEntryRow[]> {
      let query = db.selectFrom('biographyEntry').selectAll().where('authorUserId', '=', authorUserId).orderBy('entryDate', 'desc').orderBy('id', 'desc')
      if (limit !== undefined) query = query.limit(limit)
      return (await query.execute()).reverse()
    },

    async findById(authorUserId: string, id: string): Promise<BiographyEntryRow | undefined> {
      return db.selectFrom('biographyEntry').selectAll().where('authorUserId', '=', authorUserId).where('id', '=', id).executeTakeFirst()
    },

    async insert(row: NewBiographyEntryRow): Promise<BiographyEntryRow> {
      return db.insertInto('biographyEntry').values(row).returningAll().executeTakeFirstOrThrow()
    },

    /** Several memories in one transaction: all of them are written, or none. */
    async insertMany(rows: NewBiographyEntryRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (const row of rows) await trx.insertInto('biographyEntry').values(row).execute()
      })
    },

    async update(authorUserId: string, id: string, patch: BiographyEntryUpdate): Promise<BiographyEntryRow | undefined> {
      return db.updateTable('biographyEntry').set(patch).where('authorUserId', '=', authorUserId).where('id', '=', id).returningAll().executeTakeFirst()
    },

    /** Whether an entry was deleted; its media links go with it (ON DELETE CASCADE). */
    async delete(authorUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('biographyEntry').where('authorUserId', '=', authorUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
export type BiographyRepository = ReturnType<typeof createBiographyRepository>
