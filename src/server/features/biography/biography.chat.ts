import type { z } from 'zod'
import type { BiographyEntry, StoredChatTurn, biographyChatMessageSchema, biographyNotSavedReasons } from '../../../shared/contracts/biography.ts'
import type { ChatOpening } from '../../../shared/contracts/chat.ts'
import type { FactGap } from '../../../shared/facts/index.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso } from '../../db/timestamps.ts'
import { isSkipRequest } from '../../integrations/ai/guided/guided-interviewer.ts'
import { cronosAbout } from '../../integrations/ai/personas/cronos.ts'
import type { ChatEngine, ChatEvent, KeptTurn } from '../../lib/chat/chat-engine.ts'
import { continuesSitting, type ConversationRepository } from '../../lib/chat/conversations.ts'
import type { AnswerListener } from '../../lib/chat/heard-answers.ts'
import { historyOf, isChatRow, waitingRetry } from '../../lib/chat/kept-exchanges.ts'
import { newId } from '../../lib/ids.ts'
import type { BiographyRepository } from './biography.repository.ts'
import type { BiographyEntryRow } from './biography.tables.ts'

export type BiographyChatMessage = z.output<typeof biographyChatMessageSchema>
/** What Cronos' `done` event adds: the saved memory, or why there is none. */
export type BiographySaved = { entry: BiographyEntry | null; notSavedReason: (typeof biographyNotSavedReasons)[number] | null }

/** Earlier memories read for a model's context; the engine then keeps what fits its character budget. */
const contextEntries = 200

/** An answer, then Cronos' reply when there is one, as a memory stores (and an archive writes) them. */
export function biographyTurns(answer: string, reply: string | null): StoredChatTurn[] {
  const turns: StoredChatTurn[] = [{ role: 'user', parts: [{ text: answer }] }]
  if (reply !== null) turns.push({ role: 'model', parts: [{ text: reply }] })
  return turns
}

export const biographyPair = (answer: string, reply: string | null): string => JSON.stringify(biographyTurns(answer, reply))

interface Deps {
  repo: BiographyRepository
  conversations: ConversationRepository
  chat: ChatEngine
  findSelfMemberId(userId: string): Promise<string | undefined>
  /** The memory as the API answers it. */
  toEntry(userId: string, row: BiographyEntryRow): Promise<BiographyEntry>
  /** Told of each memory once kept (facts about the user are read from it). */
  listener: AnswerListener
  /** What is still unknown about the user's own card, most wanted first: Cronos asks after it. */
  unknownAbout?(userId: string, memberId: string): Promise<FactGap[]>
}

/**
 * Cronos' side of the biography (docs/product.md#biography): each answer is kept as a memory
 * before he is asked, under the question it answers and in the conversation of its sitting; his
 * reply is added to it once whole. «Otra» is kept only as a hidden mark.
 */
export function createBiographyChat({ repo, conversations, chat, findSelfMemberId, toEntry, listener, unknownAbout }: Deps) {
  /** Cronos, asking after what the person's own card does not yet hold. */
  async function persona(userId: string) {
    const selfMemberId = unknownAbout && (await findSelfMemberId(userId))
    return cronosAbout(selfMemberId ? await unknownAbout(userId, selfMemberId) : [])
  }

  /** The guided interviewer reads the whole conversation (so it never repeats a question); a model, the latest exchanges. */
  const conversationRows = (userId: string) => repo.listConversation(userId, chat.mode === 'guided' ? undefined : contextEntries)

  function kept(userId: string, row: BiographyEntryRow, answer: string, isSkip: boolean, withoutReply: BiographyEntry): KeptTurn<BiographySaved> {
    const skipped: BiographySaved = { entry: null, notSavedReason: 'chat.skipped' }
    return {
      async complete(reply) {
        const updated = await repo.update(userId, row.id, { conversationPair: biographyPair(answer, reply), updatedAt: nowIso() })
        if (isSkip) return skipped
        return { entry: updated ? await toEntry(userId, updated) : null, notSavedReason: updated ? null : 'biography.save_failed' }
      },
      completeFailed: isSkip ? skipped : { entry: withoutReply, notSavedReason: null },
    }
  }

  /** Keeps the message as a memory of its sitting (or «otra» as a mark), before Cronos is asked. */
  async function keep(userId: string, message: string, language: Language, question: string | null, rows: BiographyEntryRow[], retry: BiographyEntryRow | undefined) {
    if (retry) return kept(userId, retry, message, false, await toEntry(userId, retry))
    const selfMemberId = await findSelfMemberId(userId)
    if (!selfMemberId) return { notKept: { entry: null, notSavedReason: 'biography.no_self_member' } satisfies BiographySaved }
    const now = new Date()
    const last = rows.findLast(isChatRow)
    const conversationId = continuesSitting(last && { conversationId: last.conversationId, at: last.entryDate }, now)
      ? last!.conversationId!
      : (await conversations.start(userId, null, now.toISOString())).id
    const isSkip = isSkipRequest(message)
    const row = await repo.insert({
      id: newId(),
      authorUserId: userId,
      subjectMemberId: selfMemberId,
      conversationPair: biographyPair(message, null),
      conversationId,
      question,
      originalAnswer: null,
      isSkip: isSkip ? 1 : 0,
      title: '',
      eventDate: null,
      entryDate: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    if (!isSkip)
      listener.heard({ holderId: userId, memberId: selfMemberId, source: { kind: 'biography', id: row.id }, answer: message, question, language, isTeller: true, tellerId: userId })
    return kept(userId, row, message, isSkip, await toEntry(userId, row))
  }

  return {
    /** How the chat opens; nothing is saved and no model is called. */
    async opening(userId: string, language: Language): Promise<ChatOpening> {
      return chat.opening({ persona: await persona(userId), language, history: historyOf(await conversationRows(userId)) })
    },

    /**
     * Cronos' reply to the message, as stream events. The message is kept first; the reply is
     * added by the server once it is complete, whether or not the browser is still listening.
     */
    async reply(userId: string, { message, language, carried }: BiographyChatMessage): Promise<AsyncIterable<ChatEvent<BiographySaved>>> {
      const rows = await conversationRows(userId)
      const retry = waitingRetry(rows, message)
      return chat.reply<BiographySaved>({
        userId,
        conversation: 'biography',
        persona: await persona(userId),
        language,
        history: historyOf(retry ? rows.filter((row) => row !== retry) : rows),
        carried,
        message,
        keep: (question) => keep(userId, message, language, question, rows, retry),
        saveFailed: { entry: null, notSavedReason: 'biography.save_failed' },
      })
    },
  }
}
