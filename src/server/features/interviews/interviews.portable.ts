import type { PortableInterviewSession } from '../../../shared/contracts/portability.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { ConversationRepository } from '../../lib/chat/conversations.ts'
import { exportExchanges, restoredExchange } from '../../lib/chat/portable-exchanges.ts'
import { restoreConversations } from '../../lib/chat/restore-conversations.ts'
import { interviewPair, interviewTurns } from './interviews.chat.ts'
import type { InterviewRepository } from './interviews.repository.ts'

/**
 * The owner's interview answers as their account's export carries them, and back: the export
 * reads them with their conversations, the restore writes them all or none in conversations of
 * their own.
 */
export function createInterviewPortability({ repo, conversations }: { repo: InterviewRepository; conversations: ConversationRepository }) {
  return {
    /** Every answer of the owner, for their export (recordings travel with the files). */
    async exportSessions(ownerId: string): Promise<PortableInterviewSession[]> {
      return exportExchanges(conversations, ownerId, await repo.listAll(ownerId), interviewTurns, (row) => ({
        id: row.id,
        interviewedMemberId: row.interviewedMemberId,
        timestamp: toIsoString(row.timestamp),
      }))
    },

    /** Sessions from an export, already given their new ids and members: all or none, in their conversations. */
    async restoreSessions(ownerId: string, sessions: PortableInterviewSession[]): Promise<void> {
      const restored = await restoreConversations(conversations, ownerId, sessions, (session) => ({ at: session.timestamp, memberId: session.interviewedMemberId }))
      await repo.insertMany(
        sessions.map((session) => ({
          ...restoredExchange(session, restored, interviewPair),
          id: session.id,
          ownerUserId: ownerId,
          interviewedMemberId: session.interviewedMemberId,
          timestamp: session.timestamp,
        })),
      )
    },
  }
}
