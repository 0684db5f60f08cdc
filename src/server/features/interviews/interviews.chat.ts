import type { ChatOpening, Conversation } from '../../../shared/contracts/chat.ts'
import type { InterviewSession, InterviewTurn } from '../../../shared/contracts/interviews.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { nowIso } from '../../db/timestamps.ts'
import type { Persona } from '../../integrations/ai/ai-provider.ts'
import { isSkipRequest } from '../../integrations/ai/guided/guided-interviewer.ts'
import { AppError } from '../../lib/app-error.ts'
import type { ChatEngine, ChatEvent, KeptTurn } from '../../lib/chat/chat-engine.ts'
import { continuesSitting, type ConversationRepository } from '../../lib/chat/conversations.ts'
import type { AnswerListener } from '../../lib/chat/heard-answers.ts'
import { historyOf, waitingRetry } from '../../lib/chat/kept-exchanges.ts'
import { newId } from '../../lib/ids.ts'
import type { InterviewRepository } from './interviews.repository.ts'
import type { InterviewSessionRow } from './interviews.tables.ts'

/** What Ana's `done` event adds: the saved exchange, or why there is none. */
export type InterviewSaved = { session: InterviewSession | null; notSavedReason: 'interview.save_failed' | 'chat.skipped' | null }

/** An answer, then Ana's reply when there is one, as a session stores (and an archive writes) them. */
export function interviewTurns(answer: string, reply: string | null): InterviewTurn[] {
  const turns: InterviewTurn[] = [{ role: 'user', text: answer }]
  if (reply !== null) turns.push({ role: 'model', text: reply })
  return turns
}

export const interviewPair = (answer: string, reply: string | null): string => JSON.stringify(interviewTurns(answer, reply))

interface Deps {
  repo: InterviewRepository
  conversations: ConversationRepository
  chat: ChatEngine
  toSession(ownerId: string, row: InterviewSessionRow, conversations?: ReadonlyMap<string, Conversation>): Promise<InterviewSession>
  /** Told of each answer once kept (facts are read from it). */
  listener: AnswerListener
}

/**
 * Ana's side of an interview (docs/product.md#interview): each answer is kept before she is asked,
 * under the question it answers and in the conversation of its sitting; her reply is added once
 * whole. «Otra» is kept only as a hidden mark.
 */
export function createInterviewChat({ repo, conversations, chat, toSession, listener }: Deps) {
  function kept(ownerId: string, row: InterviewSessionRow, answer: string, isSkip: boolean, withoutReply: InterviewSession): KeptTurn<InterviewSaved> {
    const skipped: InterviewSaved = { session: null, notSavedReason: 'chat.skipped' }
    return {
      async complete(reply) {
        const updated = await repo.update(ownerId, row.id, { conversationPair: interviewPair(answer, reply) })
        if (isSkip) return skipped
        return { session: updated ? await toSession(ownerId, updated) : null, notSavedReason: updated ? null : 'interview.save_failed' }
      },
      completeFailed: isSkip ? skipped : { session: withoutReply, notSavedReason: null },
    }
  }

  async function keep(
    actor: TreeActor,
    memberId: string,
    message: string,
    language: Language,
    question: string | null,
    rows: InterviewSessionRow[],
    retry: InterviewSessionRow | undefined,
  ) {
    const ownerId = actor.holderId
    if (retry) return kept(ownerId, retry, message, false, await toSession(ownerId, retry))
    const now = new Date()
    // A sitting is one teller's: a grandson who starts telling minutes after his grandmother did
    // opens a conversation of his own instead of going on in hers.
    const teller = actor.userId === ownerId ? null : actor.userId
    const last = rows.findLast((row) => row.authorUserId === teller)
    const conversationId = continuesSitting(last && { conversationId: last.conversationId, at: last.timestamp }, now)
      ? last!.conversationId!
      : (await conversations.start(ownerId, memberId, now.toISOString())).id
    const isSkip = isSkipRequest(message)
    const row = await repo.insert({
      id: newId(),
      ownerUserId: ownerId,
      authorUserId: actor.userId === ownerId ? null : actor.userId,
      interviewedMemberId: memberId,
      timestamp: nowIso(),
      conversationPair: interviewPair(message, null),
      conversationId,
      question,
      originalAnswer: null,
      isSkip: isSkip ? 1 : 0,
    })
    if (!isSkip)
      listener.heard({ holderId: ownerId, memberId, source: { kind: 'interview', id: row.id }, answer: message, question, language, isTeller: false, tellerId: actor.userId })
    return kept(ownerId, row, message, isSkip, await toSession(ownerId, row))
  }

  return {
    /** How Ana opens: a greeting, or a welcome back that goes on from her last question. Nothing is saved. */
    async opening(ownerId: string, memberId: string, persona: Persona, language: Language): Promise<ChatOpening> {
      return chat.opening({ persona, language, history: historyOf(await repo.listConversation(ownerId, memberId)) })
    },

    /** Ana's reply, as stream events; the answer is kept first, her reply added once whole. */
    async reply(
      actor: TreeActor,
      memberId: string,
      persona: Persona,
      { message, language, carried }: { message: string; language: Language; carried: Parameters<ChatEngine['reply']>[0]['carried'] },
    ): Promise<AsyncIterable<ChatEvent<InterviewSaved>>> {
      const ownerId = actor.holderId
      const rows = await repo.listConversation(ownerId, memberId)
      // Refused before the model is asked: a reply that could not be kept would be lost words.
      if (rows.length >= limits.interviewSessionsPerMember) {
        throw new AppError('limit.sessions_per_member', `At most ${limits.interviewSessionsPerMember} interview sessions are kept about one member`)
      }
      const retry = waitingRetry(rows, message)
      return chat.reply<InterviewSaved>({
        // Limits and receipts are the teller's own, whoever's tree it is.
        userId: actor.userId,
        conversation: `interview:${memberId}`,
        persona,
        language,
        history: historyOf(retry ? rows.filter((row) => row !== retry) : rows),
        carried,
        message,
        keep: (question) => keep(actor, memberId, message, language, question, rows, retry),
        saveFailed: { session: null, notSavedReason: 'interview.save_failed' },
      })
    },
  }
}
