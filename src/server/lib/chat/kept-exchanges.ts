import type { Conversation, KeptExchange } from '../../../shared/contracts/chat.ts'
import type { ChatTurn } from '../../integrations/ai/ai-provider.ts'

// What the biography's memories and the interviews' sessions share: a kept exchange is the
// question it answered, the person's answer and the persona's reply, in a conversation. Both
// store the answer and the reply as their older `conversationPair` JSON (a biography turn has
// `parts`, an interview turn `text`), so older rows read exactly like new ones.

/** The columns every kept exchange has. */
export interface KeptExchangeRow {
  conversationId: string | null
  question: string | null
  originalAnswer: string | null
  /** A hidden mark of a skipped question ("otra"): never listed, but the persona's context keeps it. */
  isSkip: number | boolean
  conversationPair: string
}

type StoredTurn = { role?: unknown; text?: unknown; parts?: { text?: unknown }[] }

function turnText(turn: StoredTurn): string {
  if (typeof turn.text === 'string') return turn.text
  return Array.isArray(turn.parts) ? turn.parts.map((part) => String(part.text ?? '')).join('\n') : ''
}

/** The answer and the reply of a stored pair, in either feature's shape. */
export function readPair(json: string): { answer: string; acknowledgement: string | null } {
  let turns: StoredTurn[] = []
  try {
    const value: unknown = JSON.parse(json)
    if (Array.isArray(value)) turns = value as StoredTurn[]
  } catch {
    // An unreadable pair reads as an empty answer rather than failing the whole list.
  }
  const user = turns.find((turn) => turn.role === 'user')
  const model = turns.find((turn) => turn.role === 'model')
  return { answer: user ? turnText(user) : '', acknowledgement: model ? turnText(model) : null }
}

/** What the API says of a kept exchange, with its conversation looked up in `conversations`. */
export function toKeptExchange(row: KeptExchangeRow, conversations: ReadonlyMap<string, Conversation>): KeptExchange {
  const { answer, acknowledgement } = readPair(row.conversationPair)
  return {
    conversation: (row.conversationId && conversations.get(row.conversationId)) || null,
    question: row.question,
    answer,
    originalAnswer: row.originalAnswer,
    acknowledgement,
  }
}

export const isSkipRow = (row: KeptExchangeRow): boolean => Boolean(row.isSkip)

/** A chat exchange (or a skip mark), not a memory written by hand. */
export const isChatRow = (row: KeptExchangeRow): boolean => row.conversationId !== null || readPair(row.conversationPair).acknowledgement !== null || isSkipRow(row)

/**
 * The conversation so far, as the persona's context: each exchange's answer and reply (a
 * skipped question's mark included, so it is not asked again at once; a memory written by hand
 * left out). An answer whose reply never came stands alone; the engine joins it to the next.
 */
export function historyOf(rows: readonly KeptExchangeRow[]): ChatTurn[] {
  return rows.filter(isChatRow).flatMap((row): ChatTurn[] => {
    const { answer, acknowledgement } = readPair(row.conversationPair)
    return acknowledgement === null
      ? [{ role: 'user', text: answer }]
      : [
          { role: 'user', text: answer },
          { role: 'model', text: acknowledgement },
        ]
  })
}

/**
 * The last kept exchange when it is this very message still waiting for its reply: the person
 * pressing «Intentar de nuevo» after a failed reply. It is answered in place, neither kept twice
 * nor read twice into the context.
 */
export function waitingRetry<Row extends KeptExchangeRow>(rows: readonly Row[], message: string): Row | undefined {
  const last = rows.findLast(isChatRow)
  if (!last || isSkipRow(last)) return undefined
  const { answer, acknowledgement } = readPair(last.conversationPair)
  return acknowledgement === null && last.originalAnswer === null && answer === message ? last : undefined
}
