import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AiLabMemoryRow, DreamReadingRow, NewAiLabMemoryRow, NewDreamReadingRow } from './ai-lab.tables.ts'

/** Every query is filtered by the owner: another user's memories and readings simply do not exist here. */
export function createAiLabRepository(db: Kysely<Database>) {
  return {
    /** Newest first. */
    async listMemories(userId: string): Promise<AiLabMemoryRow[]> {
      return db.selectFrom('aiLabMemory').selectAll().where('userId', '=', userId).orderBy('timestamp', 'desc').orderBy('id', 'desc').execute()
    },

    async findMemory(userId: string, id: string): Promise<AiLabMemoryRow | undefined> {
      return db.selectFrom('aiLabMemory').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
    },

    /** Memories by id whoever kept them: the caller checks each against the author it was given. */
    async findMemoriesByIds(ids: string[]): Promise<AiLabMemoryRow[]> {
      if (ids.length === 0) return []
      return db.selectFrom('aiLabMemory').selectAll().where('id', 'in', ids).execute()
    },

    async insertMemory(row: NewAiLabMemoryRow): Promise<AiLabMemoryRow> {
      return db.insertInto('aiLabMemory').values(row).returningAll().executeTakeFirstOrThrow()
    },

    /** Whether a memory was deleted. */
    async deleteMemory(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('aiLabMemory').where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /** The readings of one dream, newest first. */
    async listReadings(ownerUserId: string, dreamId: string): Promise<DreamReadingRow[]> {
      return db
        .selectFrom('dreamReading')
        .selectAll()
        .where('ownerUserId', '=', ownerUserId)
        .where('dreamId', '=', dreamId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute()
    },

    /** Every reading of the owner's, oldest first (for their export). */
    async listAllReadings(ownerUserId: string): Promise<DreamReadingRow[]> {
      return db.selectFrom('dreamReading').selectAll().where('ownerUserId', '=', ownerUserId).orderBy('createdAt').orderBy('id').execute()
    },

    /** Several memories in one transaction: all of them are written, or none. */
    async insertMemories(rows: NewAiLabMemoryRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (const row of rows) await trx.insertInto('aiLabMemory').values(row).execute()
      })
    },

    /** Several readings in one transaction: all of them are written, or none. */
    async insertReadings(rows: NewDreamReadingRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (const row of rows) await trx.insertInto('dreamReading').values(row).execute()
      })
    },

    async insertReading(row: NewDreamReadingRow): Promise<DreamReadingRow> {
      return db.insertInto('dreamReading').values(row).returningAll().executeTakeFirstOrThrow()
    },
  }
}
export type AiLabRepository = ReturnType<typeof createAiLabRepository>
