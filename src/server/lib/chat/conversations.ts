import type { ColumnType, Kysely } from 'kysely'
import type { Conversation } from '../../../shared/contracts/chat.ts'
import { limits } from '../../../shared/limits.ts'
import type { Database } from '../../db/schema.ts'
import { toIsoString } from '../../db/timestamps.ts'
import { createPacer, nextTurn } from '../cooperative.ts'
import { newId } from '../ids.ts'

type Instant = ColumnType<Date | string, string, string>

/** Which chat a conversation belongs to: Cronos' biography, or Ana's interviews about one member. */
export type ConversationKind = 'biography' | 'interview'

/** One sitting with a persona (migration 0017); its exchanges point at it. */
export interface ChatConversationTable {
  id: string
  ownerUserId: string
  kind: ConversationKind
  /** The member an interview is about (gone with them); null for the biography. */
  memberId: string | null
  /** '' until the person names it: pages show the date and what it was about. */
  title: string
  startedAt: Instant
}

export interface ChatConversationTables {
  chatConversation: ChatConversationTable
}

const sittingGapMs = limits.conversationGapMinutes * 60 * 1000

/**
 * Whether a message at `now` goes on the conversation of the chat's last kept exchange: one
 * sitting is one conversation, and a pause of more than `conversationGapMinutes` starts another.
 * The server decides, from what it kept; the page never names the conversation.
 */
export function continuesSitting(last: { conversationId: string | null; at: Date | string } | undefined, now: Date): last is { conversationId: string; at: Date | string } {
  return Boolean(last?.conversationId) && now.getTime() - new Date(last!.at).getTime() <= sittingGapMs
}

/** Where each kind keeps its answers. */
const answerTables = { biography: 'biographyEntry', interview: 'interviewSession' } as const

/**
 * Deletes the conversation once no answer is left in it (a skip mark is none), in the caller's
 * transaction: deleting a memory or an interview answer leaves no empty conversation behind.
 */
export async function dropConversationIfEmpty(trx: Kysely<Database>, kind: ConversationKind, ownerUserId: string, conversationId: string | null): Promise<void> {
  if (!conversationId) return
  const left = await trx.selectFrom(answerTables[kind]).select('id').where('conversationId', '=', conversationId).where('isSkip', '=', 0).limit(1).executeTakeFirst()
  if (!left) await trx.deleteFrom('chatConversation').where('ownerUserId', '=', ownerUserId).where('kind', '=', kind).where('id', '=', conversationId).execute()
}

const toConversation = (row: { id: string; title: string; startedAt: Date | string }): Conversation => ({ id: row.id, title: row.title, startedAt: toIsoString(row.startedAt) })

/** Every query is filtered by the owner and the kind: another person's conversation does not exist here. */
export function createConversationRepository(db: Kysely<Database>, kind: ConversationKind) {
  return {
    async start(ownerUserId: string, memberId: string | null, startedAt: string): Promise<Conversation> {
      const row = { id: newId(), ownerUserId, kind, memberId, title: '', startedAt }
      await db.insertInto('chatConversation').values(row).execute()
      return toConversation(row)
    },

    /** The conversations of these ids, by id. */
    async byIds(ownerUserId: string, ids: Iterable<string | null>): Promise<Map<string, Conversation>> {
      // The ids of an export's 100,000 answers, told apart with turns between: at once, this alone
      // held the server for a tenth of a second.
      const distinct = new Set<string>()
      const pacer = createPacer()
      for (const id of ids) {
        if (id !== null) distinct.add(id)
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      const wanted = [...distinct]
      const found = new Map<string, Conversation>()
      // A few hundred ids per query: far below either database's limit on bound values. Found by
      // their primary key alone, the owner and kind checked here: with them in the query SQLite
      // chose the owner's index and read every conversation of the owner for each batch, which
      // for an export of 100,000 conversations held the server for seconds. A turn between
      // batches lets other requests in (a query answered at once never leaves the microtasks).
      for (let start = 0; start < wanted.length; start += 500) {
        if (start > 0) await nextTurn()
        const rows = await db
          .selectFrom('chatConversation')
          .select(['id', 'ownerUserId', 'kind', 'title', 'startedAt'])
          .where('id', 'in', wanted.slice(start, start + 500))
          .execute()
        for (const row of rows) if (row.ownerUserId === ownerUserId && row.kind === kind) found.set(row.id, toConversation(row))
      }
      return found
    },

    async rename(ownerUserId: string, id: string, title: string): Promise<Conversation | undefined> {
      const row = await db
        .updateTable('chatConversation')
        .set({ title })
        .where('ownerUserId', '=', ownerUserId)
        .where('kind', '=', kind)
        .where('id', '=', id)
        .returning(['id', 'title', 'startedAt'])
        .executeTakeFirst()
      return row && toConversation(row)
    },

    /** Several conversations restored from an export, in one statement per few hundred. */
    async insertMany(rows: { id: string; ownerUserId: string; memberId: string | null; title: string; startedAt: string }[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 500) {
        await db
          .insertInto('chatConversation')
          .values(rows.slice(start, start + 500).map((row) => ({ ...row, kind })))
          .execute()
      }
    },

    async delete(ownerUserId: string, id: string): Promise<void> {
      await db.deleteFrom('chatConversation').where('ownerUserId', '=', ownerUserId).where('kind', '=', kind).where('id', '=', id).execute()
    },
  }
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>
