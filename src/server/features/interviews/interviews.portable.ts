import type { PortableInterviewSession } from '../../../shared/contracts/portability.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { ConversationRepository } from '../../lib/chat/conversations.ts'
import { readPair } from '../../lib/chat/kept-exchanges.ts'
import { restoreConversations } from '../../lib/chat/restore-conversations.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { interviewPair, interviewTurns } from './interviews.chat.ts'
import type { InterviewRepository } from './interviews.repository.ts'

/** An answer's stored pair as the turns an export carries. */
function turnsOf(pair: string) {
  const { answer, acknowledgement } = readPair(pair)
  return interviewTurns(answer, acknowledgement)
}

/**
 * The owner's interview answers as their account's export carries them, and back: the export
 * reads them with their conversations, the restore writes them all or none in conversations of
 * their own.
 */
export function createInterviewPortability({ repo, conversations }: { repo: InterviewRepository; conversations: ConversationRepository }) {
  return {
    /** Every answer of the owner, for their export (recordings travel with the files). */
    async exportSessions(ownerId: string): Promise<PortableInterviewSession[]> {
      const rows = await repo.listAll(ownerId)
      const sittings = await conversations.byIds(
        ownerId,
        rows.map((row) => row.conversationId),
      )
      // Read with the pacer: each answer's pair is JSON to parse, and an account may hold 100,000 of them.
      const pacer = createPacer()
      const sessions: PortableInterviewSession[] = []
      for (const row of rows) {
        const conversation = row.conversationId ? sittings.get(row.conversationId) : undefined
        sessions.push({
          id: row.id,
          interviewedMemberId: row.interviewedMemberId,
          timestamp: toIsoString(row.timestamp),
          conversationPair: turnsOf(row.conversationPair),
          question: row.question,
          originalAnswer: row.originalAnswer,
          conversationId: conversation?.id ?? null,
          ...(conversation ? { conversationTitle: conversation.title, conversationStartedAt: conversation.startedAt } : {}),
        })
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      return sessions
    },

    /** Sessions from an export, already given their new ids and members: all or none, in their conversations. */
    async restoreSessions(ownerId: string, sessions: PortableInterviewSession[]): Promise<void> {
      const restored = await restoreConversations(conversations, ownerId, sessions, (session) => ({ at: session.timestamp, memberId: session.interviewedMemberId }))
      await repo.insertMany(
        sessions.map((session) => {
          const { answer, acknowledgement } = readPair(JSON.stringify(session.conversationPair))
          return {
            id: session.id,
            ownerUserId: ownerId,
            interviewedMemberId: session.interviewedMemberId,
            timestamp: session.timestamp,
            conversationPair: interviewPair(answer, acknowledgement),
            conversationId: restored.conversationOf.get(session) ?? null,
            question: session.question ?? restored.questionOf.get(session) ?? null,
            originalAnswer: session.originalAnswer ?? null,
          }
        }),
      )
    },
  }
}
