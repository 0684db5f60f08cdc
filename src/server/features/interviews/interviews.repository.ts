import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { readInPages, readPageRows } from '../../lib/cooperative.ts'
import type { InterviewSessionRow, NewInterviewSessionRow } from './interviews.tables.ts'

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound values (5 columns each). */
const insertChunk = 500

/** Every query is filtered by the owner: another user's interviews simply do not exist here. */
export function createInterviewRepository(db: Kysely<Database>) {
  return {
    /** The sessions about one member, oldest first. */
    async listForMember(ownerUserId: string, memberId: string): Promise<InterviewSessionRow[]> {
      return db
        .selectFrom('interviewSession')
        .selectAll()
        .where('ownerUserId', '=', ownerUserId)
        .where('interviewedMemberId', '=', memberId)
        .orderBy('timestamp')
        .orderBy('id')
        .execute()
    },

    /** The ids of the owner's sessions, per member, oldest first (the members' `interviewSegments`). */
    async idsByMember(ownerUserId: string): Promise<Map<string, string[]>> {
      const rows = await readInPages<{ id: string; interviewedMemberId: string; timestamp: InterviewSessionRow['timestamp'] }>((after) =>
        db
          .selectFrom('interviewSession')
          .select(['id', 'interviewedMemberId', 'timestamp'])
          .where('ownerUserId', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where(({ eb, refTuple, tuple }) => eb(refTuple('timestamp', 'id'), '>', tuple(after!.timestamp as string, after!.id))))
          .orderBy('timestamp')
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
      // Appended in place: copying the list for each row made one member's many sessions quadratic.
      const ids = new Map<string, string[]>()
      for (const row of rows) {
        const list = ids.get(row.interviewedMemberId)
        if (list) list.push(row.id)
        else ids.set(row.interviewedMemberId, [row.id])
      }
      return ids
    },

    async findById(ownerUserId: string, id: string): Promise<InterviewSessionRow | undefined> {
      return db.selectFrom('interviewSession').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
    },

    /** Every session of the owner, oldest first (for their export). */
    async listAll(ownerUserId: string): Promise<InterviewSessionRow[]> {
      return readInPages<InterviewSessionRow>((after) =>
        db
          .selectFrom('interviewSession')
          .selectAll()
          .where('ownerUserId', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where(({ eb, refTuple, tuple }) => eb(refTuple('timestamp', 'id'), '>', tuple(after!.timestamp as string, after!.id))))
          .orderBy('timestamp')
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
    },

    /** Several sessions in one transaction: all of them are written, or none; a few hundred rows per statement. */
    async insertMany(rows: NewInterviewSessionRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += insertChunk) {
          await trx
            .insertInto('interviewSession')
            .values(rows.slice(start, start + insertChunk))
            .execute()
        }
      })
    },

    async insert(row: NewInterviewSessionRow): Promise<InterviewSessionRow> {
      return db.insertInto('interviewSession').values(row).returningAll().executeTakeFirstOrThrow()
    },

    /** Whether a session was deleted; its media links go with it (ON DELETE CASCADE). */
    async delete(ownerUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('interviewSession').where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
export type InterviewRepository = ReturnType<typeof createInterviewRepository>
