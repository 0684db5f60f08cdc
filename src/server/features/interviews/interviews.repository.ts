import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { dropConversationIfEmpty } from '../../lib/chat/conversations.ts'
import { readInPages, readPageRows } from '../../lib/cooperative.ts'
import type { InterviewSessionRow, InterviewSessionUpdate, NewInterviewSessionRow } from './interviews.tables.ts'

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound values (9 columns each). */
const insertChunk = 500

/**
 * Every query is filtered by the owner: another user's interviews simply do not exist here. A
 * skipped question's mark is read only as part of the conversation: it is no answer.
 */
export function createInterviewRepository(db: Kysely<Database>) {
  const answers = (ownerUserId: string) => db.selectFrom('interviewSession').selectAll().where('ownerUserId', '=', ownerUserId).where('isSkip', '=', 0)

  return {
    /** The answers about one member, oldest first. */
    async listForMember(ownerUserId: string, memberId: string): Promise<InterviewSessionRow[]> {
      return answers(ownerUserId).where('interviewedMemberId', '=', memberId).orderBy('timestamp').orderBy('id').execute()
    },

    /** The answers and skip marks about one member, oldest first: the conversation Ana goes on from. */
    async listConversation(ownerUserId: string, memberId: string): Promise<InterviewSessionRow[]> {
      return db
        .selectFrom('interviewSession')
        .selectAll()
        .where('ownerUserId', '=', ownerUserId)
        .where('interviewedMemberId', '=', memberId)
        .orderBy('timestamp')
        .orderBy('id')
        .execute()
    },

    /**
     * The ids of the owner's conversations with Ana that hold an answer, per member, oldest first
     * (the members' `interviewSegments`: one sitting is one interview, however many answers it has).
     */
    async conversationIdsByMember(ownerUserId: string): Promise<Map<string, string[]>> {
      // In pages with a turn between them: a tree may hold 100,000 conversations, and one query
      // for all of them held every other request for a fifth of a second.
      const rows = await readInPages<{ id: string; memberId: string | null; startedAt: Date | string }>((after) =>
        db
          .selectFrom('chatConversation')
          .select(['id', 'memberId', 'startedAt'])
          .where('ownerUserId', '=', ownerUserId)
          .where('kind', '=', 'interview')
          .$if(after !== undefined, (q) =>
            q.where(({ eb, or, and }) => or([eb('startedAt', '>', after!.startedAt as string), and([eb('startedAt', '=', after!.startedAt as string), eb('id', '>', after!.id)])])),
          )
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('interviewSession')
                .select('interviewSession.id')
                .whereRef('interviewSession.conversationId', '=', 'chatConversation.id')
                .where('interviewSession.isSkip', '=', 0),
            ),
          )
          .orderBy('startedAt')
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
      // Appended in place: copying the list for each row made one member's many conversations quadratic.
      const ids = new Map<string, string[]>()
      for (const row of rows) {
        if (!row.memberId) continue
        const list = ids.get(row.memberId)
        if (list) list.push(row.id)
        else ids.set(row.memberId, [row.id])
      }
      return ids
    },

    /** Who told the answers of one conversation (null: the tree's holder); none when it has no answer. */
    async conversationTellers(ownerUserId: string, conversationId: string): Promise<(string | null)[]> {
      const rows = await answers(ownerUserId).clearSelect().select('authorUserId').distinct().where('conversationId', '=', conversationId).execute()
      return rows.map((row) => row.authorUserId)
    },

    /** Answers by id (at most a page's worth: the facts heard about one member). */
    async findByIds(ownerUserId: string, ids: string[]): Promise<InterviewSessionRow[]> {
      if (ids.length === 0) return []
      return answers(ownerUserId).where('id', 'in', ids).execute()
    },

    async findById(ownerUserId: string, id: string): Promise<InterviewSessionRow | undefined> {
      return answers(ownerUserId).where('id', '=', id).executeTakeFirst()
    },

    /** Any kept row of the owner, a skip mark too (its reply is added like an answer's). */
    async update(ownerUserId: string, id: string, patch: InterviewSessionUpdate): Promise<InterviewSessionRow | undefined> {
      return db.updateTable('interviewSession').set(patch).where('ownerUserId', '=', ownerUserId).where('id', '=', id).returningAll().executeTakeFirst()
    },

    /** Every answer of the owner, oldest first (for their export). */
    async listAll(ownerUserId: string): Promise<InterviewSessionRow[]> {
      return readInPages<InterviewSessionRow>((after) =>
        db
          .selectFrom('interviewSession')
          .selectAll()
          .where('ownerUserId', '=', ownerUserId)
          .where('isSkip', '=', 0)
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

    /** The answer saved last, about any member (a skipped question is none). */
    /** Answers kept after `since` by anyone but `readerId` (the holder's own have no author), newest first. */
    async toldSince(ownerUserId: string, since: string, readerId: string, limit: number): Promise<InterviewSessionRow[]> {
      return answers(ownerUserId)
        .where('timestamp', '>', since)
        .where((eb) => eb(eb.fn.coalesce('authorUserId', 'ownerUserId'), '!=', readerId))
        .orderBy('timestamp', 'desc')
        .limit(limit)
        .execute()
    },

    /** How many answers someone told in each tree of others, by the tree's holder. */
    async authoredCounts(authorId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('interviewSession')
        .select(['ownerUserId', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('authorUserId', '=', authorId)
        .where('isSkip', '=', 0)
        .groupBy('ownerUserId')
        .execute()
      return new Map(rows.map((row) => [row.ownerUserId, Number(row.count)]))
    },

    /** Every answer someone told in trees kept in other accounts, oldest first. */
    async authoredElsewhere(authorId: string): Promise<InterviewSessionRow[]> {
      return db
        .selectFrom('interviewSession')
        .selectAll()
        .where('authorUserId', '=', authorId)
        .where('ownerUserId', '!=', authorId)
        .where('isSkip', '=', 0)
        .orderBy('timestamp')
        .orderBy('id')
        .execute()
    },

    async findLatest(ownerUserId: string): Promise<InterviewSessionRow | undefined> {
      return answers(ownerUserId).orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()
    },

    async insert(row: NewInterviewSessionRow): Promise<InterviewSessionRow> {
      return db.insertInto('interviewSession').values(row).returningAll().executeTakeFirstOrThrow()
    },

    /**
     * Deletes everything someone told in trees of others (their account is going), and the
     * conversations that held nothing else: the family's pages keep no empty sitting of theirs.
     */
    async deleteToldBy(authorUserId: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx.deleteFrom('interviewSession').where('authorUserId', '=', authorUserId).returning(['ownerUserId', 'conversationId']).execute()
        const sittings = new Map(rows.filter((row) => row.conversationId).map((row) => [row.conversationId!, row.ownerUserId]))
        for (const [conversationId, ownerUserId] of sittings) await dropConversationIfEmpty(trx, 'interview', ownerUserId, conversationId)
        return rows.length
      })
    },

    /** Whether a session was deleted; its media links go with it (ON DELETE CASCADE), and its conversation when nothing else is in it. */
    async delete(ownerUserId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('interviewSession')
          .where('ownerUserId', '=', ownerUserId)
          .where('id', '=', id)
          .where('isSkip', '=', 0)
          .returning('conversationId')
          .executeTakeFirst()
        if (!row) return false
        await dropConversationIfEmpty(trx, 'interview', ownerUserId, row.conversationId)
        return true
      })
    },
  }
}
export type InterviewRepository = ReturnType<typeof createInterviewRepository>
