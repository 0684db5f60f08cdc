import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { dropConversationIfEmpty } from '../../lib/chat/conversations.ts'
import type { BiographyEntryRow, BiographyEntryUpdate, NewBiographyEntryRow } from './biography.tables.ts'

/**
 * Every query is filtered by the author: another user's memories simply do not exist here. A
 * skipped question's mark is read only as part of the conversation: it is no memory.
 */
export function createBiographyRepository(db: Kysely<Database>) {
  const memories = (authorUserId: string) => db.selectFrom('biographyEntry').selectAll().where('authorUserId', '=', authorUserId).where('isSkip', '=', 0)

  return {
    /** Newest first. */
    async listByAuthor(authorUserId: string): Promise<BiographyEntryRow[]> {
      return memories(authorUserId).orderBy('entryDate', 'desc').orderBy('id', 'desc').execute()
    },

    /** The latest `limit` entries and skip marks (all when undefined), oldest first: the conversation so far. */
    async listConversation(authorUserId: string, limit?: number): Promise<BiographyEntryRow[]> {
      let query = db.selectFrom('biographyEntry').selectAll().where('authorUserId', '=', authorUserId).orderBy('entryDate', 'desc').orderBy('id', 'desc')
      if (limit !== undefined) query = query.limit(limit)
      return (await query.execute()).reverse()
    },

    /** The memory saved last (a skipped question is none). */
    async findLatest(authorUserId: string): Promise<BiographyEntryRow | undefined> {
      return memories(authorUserId).orderBy('entryDate', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()
    },

    async findById(authorUserId: string, id: string): Promise<BiographyEntryRow | undefined> {
      return memories(authorUserId).where('id', '=', id).executeTakeFirst()
    },

    /** Memories by id whoever wrote them: the caller checks each against the author it was given. */
    async findManyByIds(ids: string[]): Promise<BiographyEntryRow[]> {
      if (ids.length === 0) return []
      return db.selectFrom('biographyEntry').selectAll().where('id', 'in', ids).where('isSkip', '=', 0).execute()
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

    /** Any kept row of the author, a skip mark too (its reply is added like a memory's). */
    async update(authorUserId: string, id: string, patch: BiographyEntryUpdate): Promise<BiographyEntryRow | undefined> {
      return db.updateTable('biographyEntry').set(patch).where('authorUserId', '=', authorUserId).where('id', '=', id).returningAll().executeTakeFirst()
    },

    /** Memories about `fromMemberId` become memories about `toMemberId`. */
    async moveSubject(authorUserId: string, fromMemberId: string, toMemberId: string): Promise<void> {
      await db.updateTable('biographyEntry').set({ subjectMemberId: toMemberId }).where('authorUserId', '=', authorUserId).where('subjectMemberId', '=', fromMemberId).execute()
    },

    /** Whether an entry was deleted; its media links go with it (ON DELETE CASCADE), and its conversation when nothing else is in it. */
    async delete(authorUserId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('biographyEntry')
          .where('authorUserId', '=', authorUserId)
          .where('id', '=', id)
          .where('isSkip', '=', 0)
          .returning('conversationId')
          .executeTakeFirst()
        if (!row) return false
        await dropConversationIfEmpty(trx, 'biography', authorUserId, row.conversationId)
        return true
      })
    },
  }
}
export type BiographyRepository = ReturnType<typeof createBiographyRepository>
