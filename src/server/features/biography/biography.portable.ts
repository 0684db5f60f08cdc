import type { PortableBiographyEntry } from '../../../shared/contracts/portability.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { ConversationRepository } from '../../lib/chat/conversations.ts'
import { readPair } from '../../lib/chat/kept-exchanges.ts'
import { restoreConversations } from '../../lib/chat/restore-conversations.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { biographyPair, biographyTurns } from './biography.chat.ts'
import type { BiographyRepository } from './biography.repository.ts'

/** An entry's stored pair as the turns an export carries. */
function turnsOf(pair: string) {
  const { answer, acknowledgement } = readPair(pair)
  return biographyTurns(answer, acknowledgement)
}

/**
 * A person's memories as their account's export carries them, and back: the export reads them
 * with their conversations, the restore writes them all or none in conversations of their own.
 */
export function createBiographyPortability({ repo, conversations }: { repo: BiographyRepository; conversations: ConversationRepository }) {
  return {
    /** Every memory of the user, for their export (the files they are linked to travel with the files). */
    async exportEntries(userId: string): Promise<PortableBiographyEntry[]> {
      const rows = await repo.listByAuthor(userId)
      const sittings = await conversations.byIds(
        userId,
        rows.map((row) => row.conversationId),
      )
      // Read with the pacer, as the interviews' export: each entry's pair is JSON to parse.
      const pacer = createPacer()
      const entries: PortableBiographyEntry[] = []
      for (const row of rows) {
        const conversation = row.conversationId ? sittings.get(row.conversationId) : undefined
        entries.push({
          id: row.id,
          subjectMemberId: row.subjectMemberId,
          conversationPair: turnsOf(row.conversationPair),
          question: row.question,
          originalAnswer: row.originalAnswer,
          conversationId: conversation?.id ?? null,
          ...(conversation ? { conversationTitle: conversation.title, conversationStartedAt: conversation.startedAt } : {}),
          title: row.title,
          eventDate: row.eventDate,
          entryDate: toIsoString(row.entryDate),
          updatedAt: toIsoString(row.updatedAt),
        })
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      return entries
    },

    /** Memories from an export, already given their new ids and members: all or none, in their conversations. */
    async restoreEntries(userId: string, entries: PortableBiographyEntry[]): Promise<void> {
      const restored = await restoreConversations(conversations, userId, entries, (entry) => ({ at: entry.entryDate, memberId: null }))
      await repo.insertMany(
        entries.map((entry) => {
          const { answer, acknowledgement } = readPair(JSON.stringify(entry.conversationPair))
          return {
            id: entry.id,
            authorUserId: userId,
            subjectMemberId: entry.subjectMemberId,
            conversationPair: biographyPair(answer, acknowledgement),
            conversationId: restored.conversationOf.get(entry) ?? null,
            question: entry.question ?? restored.questionOf.get(entry) ?? null,
            originalAnswer: entry.originalAnswer ?? null,
            title: entry.title,
            eventDate: entry.eventDate ?? null,
            entryDate: entry.entryDate,
            updatedAt: entry.updatedAt,
          }
        }),
      )
    },
  }
}
