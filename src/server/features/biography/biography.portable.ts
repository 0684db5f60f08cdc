import type { PortableBiographyEntry } from '../../../shared/contracts/portability.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { ConversationRepository } from '../../lib/chat/conversations.ts'
import { exportExchanges, restoredExchange } from '../../lib/chat/portable-exchanges.ts'
import { restoreConversations } from '../../lib/chat/restore-conversations.ts'
import { biographyPair, biographyTurns } from './biography.chat.ts'
import type { BiographyRepository } from './biography.repository.ts'

/**
 * A person's memories as their account's export carries them, and back: the export reads them
 * with their conversations, the restore writes them all or none in conversations of their own.
 */
export function createBiographyPortability({ repo, conversations }: { repo: BiographyRepository; conversations: ConversationRepository }) {
  return {
    /** Every memory of the user, for their export (the files they are linked to travel with the files). */
    async exportEntries(userId: string): Promise<PortableBiographyEntry[]> {
      return exportExchanges(conversations, userId, await repo.listByAuthor(userId), biographyTurns, (row) => ({
        id: row.id,
        subjectMemberId: row.subjectMemberId,
        title: row.title,
        eventDate: row.eventDate,
        entryDate: toIsoString(row.entryDate),
        updatedAt: toIsoString(row.updatedAt),
      }))
    },

    /** Memories from an export, already given their new ids and members: all or none, in their conversations. */
    async restoreEntries(userId: string, entries: PortableBiographyEntry[]): Promise<void> {
      const restored = await restoreConversations(conversations, userId, entries, (entry) => ({ at: entry.entryDate, memberId: null }))
      await repo.insertMany(
        entries.map((entry) => ({
          ...restoredExchange(entry, restored, biographyPair),
          id: entry.id,
          authorUserId: userId,
          subjectMemberId: entry.subjectMemberId,
          title: entry.title,
          eventDate: entry.eventDate ?? null,
          entryDate: entry.entryDate,
          updatedAt: entry.updatedAt,
        })),
      )
    },
  }
}
