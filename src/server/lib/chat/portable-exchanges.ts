import { createPacer } from '../cooperative.ts'
import type { ConversationRepository } from './conversations.ts'
import { readPair, type KeptExchangeRow } from './kept-exchanges.ts'
import type { RestoredConversations } from './restore-conversations.ts'

// What the biography's memories and the interviews' answers share on their way to and from an
// account's export (docs/export-format.md): the exchange's turns, its question, the person's first
// words and its conversation. Each feature adds its own fields and its own shape of turns.

/** The fields every exported exchange carries besides its feature's own. */
export interface PortableExchangeFields<Turn> {
  conversationPair: Turn[]
  question: string | null
  originalAnswer: string | null
  conversationId: string | null
  conversationTitle?: string
  conversationStartedAt?: string
}

/** A restored exchange as a feature stores it: its pair in the feature's shape, its conversation and question. */
export interface RestoredExchangeColumns {
  conversationPair: string
  conversationId: string | null
  question: string | null
  originalAnswer: string | null
}

/**
 * Kept exchanges as an export writes them: each row's own fields (`ownFields`) with the fields
 * every exchange carries, its stored pair read into `turns`. Read with the pacer: each pair is
 * JSON to parse, and an account may hold 100,000 of them.
 */
export async function exportExchanges<Row extends KeptExchangeRow, Turn, Own extends object>(
  conversations: ConversationRepository,
  ownerUserId: string,
  rows: readonly Row[],
  turns: (answer: string, reply: string | null) => Turn[],
  ownFields: (row: Row) => Own,
): Promise<(Own & PortableExchangeFields<Turn>)[]> {
  const sittings = await conversations.byIds(
    ownerUserId,
    rows.map((row) => row.conversationId),
  )
  const pacer = createPacer()
  const exported: (Own & PortableExchangeFields<Turn>)[] = []
  for (const row of rows) {
    const conversation = row.conversationId ? sittings.get(row.conversationId) : undefined
    const { answer, acknowledgement } = readPair(row.conversationPair)
    exported.push({
      ...ownFields(row),
      conversationPair: turns(answer, acknowledgement),
      question: row.question,
      originalAnswer: row.originalAnswer,
      conversationId: conversation?.id ?? null,
      ...(conversation ? { conversationTitle: conversation.title, conversationStartedAt: conversation.startedAt } : {}),
    })
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  return exported
}

/**
 * The shared columns of an exchange restored from an export, in the conversation `restored` gave
 * it: its pair written again in the feature's shape (`pair`), and the question an older archive
 * did not name found from its sitting.
 */
export function restoredExchange<Item extends { conversationPair: readonly object[]; question?: string | null; originalAnswer?: string | null }>(
  item: Item,
  restored: RestoredConversations<Item>,
  pair: (answer: string, reply: string | null) => string,
): RestoredExchangeColumns {
  const { answer, acknowledgement } = readPair(JSON.stringify(item.conversationPair))
  return {
    conversationPair: pair(answer, acknowledgement),
    conversationId: restored.conversationOf.get(item) ?? null,
    question: item.question ?? restored.questionOf.get(item) ?? null,
    originalAnswer: item.originalAnswer ?? null,
  }
}
