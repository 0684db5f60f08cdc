import type { z } from 'zod'
import type { FactGap } from '../../../shared/facts/index.ts'
import type { BiographyEntry, createBiographyEntrySchema, updateBiographyEntrySchema } from '../../../shared/contracts/biography.ts'
import type { Conversation } from '../../../shared/contracts/chat.ts'
import type { SharedWith } from '../../../shared/contracts/family-circle.ts'
import { asStoredDateOrNull, storedDateSortKey, storedDateText } from '../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, invalidField, notFound } from '../../lib/app-error.ts'
import type { ChatEngine } from '../../lib/chat/chat-engine.ts'
import type { ConversationRepository } from '../../lib/chat/conversations.ts'
import { nobodyListens, type AnswerListener } from '../../lib/chat/heard-answers.ts'
import { readPair, toKeptExchange } from '../../lib/chat/kept-exchanges.ts'
import { newId } from '../../lib/ids.ts'
import { readWrittenDate } from '../../lib/written-date.ts'
import { biographyPair, createBiographyChat, type BiographyChatMessage } from './biography.chat.ts'
import { createBiographyPortability } from './biography.portable.ts'
import type { BiographyRepository } from './biography.repository.ts'
import type { BiographyEntryRow } from './biography.tables.ts'

export type { BiographyChatMessage, BiographySaved } from './biography.chat.ts'
export type NewBiographyEntry = z.output<typeof createBiographyEntrySchema>
export type BiographyEntryPatch = z.output<typeof updateBiographyEntrySchema>

interface Logger {
  warn(details: object, message: string): void
}

interface Deps {
  repo: BiographyRepository
  conversations: ConversationRepository
  chat: ChatEngine
  /** The member that represents the user (family tree), whose life the biography tells. */
  findSelfMemberId(userId: string): Promise<string | undefined>
  /** Told of each memory kept or corrected (facts about the user are read from it). */
  listener?: AnswerListener
  /** What is still unknown about the user's own card: Cronos asks after it. */
  unknownAbout?(userId: string, memberId: string): Promise<FactGap[]>
  /** The media feature keeps the links between files and entries. */
  media: {
    mediaIdsFor(userId: string, type: 'biographyEntry', entryIds: string[]): Promise<Map<string, string[]>>
    setMedia(userId: string, type: 'biographyEntry', entryId: string, mediaIds: string[]): Promise<void>
    /** Deletes those of the files that nothing links to any more. */
    deleteUnlinked(userId: string, mediaIds: string[]): Promise<void>
  }
  /** The family tree keeps which trees a memory is shared with (docs/product.md#family-tree). */
  sharing: {
    share(userId: string, kind: 'memory', entryId: string, treeId: string): Promise<void>
    unshare(userId: string, kind: 'memory', entryId: string, treeId: string): Promise<void>
    sharedWith(userId: string, kind: 'memory', entryIds: string[]): Promise<Map<string, SharedWith[]>>
  }
  log: Logger
}

function toEntry(row: BiographyEntryRow, mediaAssetIds: string[], conversations: ReadonlyMap<string, Conversation>, sharedWith: SharedWith[]): BiographyEntry {
  const eventDate = asStoredDateOrNull(row.eventDate)
  return {
    id: row.id,
    authorUserId: row.authorUserId,
    subjectMemberId: row.subjectMemberId,
    ...toKeptExchange(row, conversations),
    title: row.title,
    eventDate,
    eventDateSortKey: storedDateSortKey(eventDate),
    mediaAssetIds,
    entryDate: toIsoString(row.entryDate),
    updatedAt: toIsoString(row.updatedAt),
    sharedWith,
  }
}

/** The event date as written, in its stored form; a date that cannot be is refused on its field. */
function eventDateOf(text: string | null | undefined, language: Language): string | null {
  const written = readWrittenDate(text ?? null, language)
  if (written.code) throw invalidField('eventDate', written.code, 'The event date is not a date that has happened')
  return written.stored ? storedDateText(written.stored) : null
}

export function createBiographyService({ repo, conversations, chat, findSelfMemberId, media, sharing, log, listener = nobodyListens, unknownAbout }: Deps) {
  async function withMedia(userId: string, rows: BiographyEntryRow[]): Promise<BiographyEntry[]> {
    const [ids, sittings, trees] = await Promise.all([
      media.mediaIdsFor(
        userId,
        'biographyEntry',
        rows.map((row) => row.id),
      ),
      conversations.byIds(
        userId,
        rows.map((row) => row.conversationId),
      ),
      sharing.sharedWith(
        userId,
        'memory',
        rows.map((row) => row.id),
      ),
    ])
    return rows.map((row) => toEntry(row, ids.get(row.id) ?? [], sittings, trees.get(row.id) ?? []))
  }
  async function getOwn(userId: string, id: string): Promise<BiographyEntryRow> {
    const row = await repo.findById(userId, id)
    if (!row) throw notFound('Memory')
    return row
  }
  const one = async (userId: string, row: BiographyEntryRow) => (await withMedia(userId, [row]))[0]!
  const cronosChat = createBiographyChat({ repo, conversations, chat, findSelfMemberId, toEntry: one, listener, ...(unknownAbout ? { unknownAbout } : {}) })

  return {
    /** Whether `id` is one of the user's entries (for the media feature's uploads). */
    async hasEntry(userId: string, id: string): Promise<boolean> {
      return Boolean(await repo.findById(userId, id))
    },

    /** Shares one of the person's memories with a tree they add to; another person's memory is not found. */
    async shareEntry(userId: string, id: string, treeId: string): Promise<BiographyEntry> {
      const row = await getOwn(userId, id)
      await sharing.share(userId, 'memory', id, treeId)
      return one(userId, row)
    },

    /** Takes one of the person's memories back from a tree. */
    async unshareEntry(userId: string, id: string, treeId: string): Promise<void> {
      await getOwn(userId, id)
      await sharing.unshare(userId, 'memory', id, treeId)
    },

    /**
     * Memories as the trees they were shared with read them: each one only when it is still its
     * named author's (a share names both), with its words and files.
     */
    async sharedEntries(items: { authorUserId: string; id: string }[]) {
      const rows = await repo.findManyByIds(items.map((item) => item.id))
      const authorOf = new Map(items.map((item) => [item.id, item.authorUserId]))
      const theirs = rows.filter((row) => authorOf.get(row.id) === row.authorUserId)
      const files = new Map<string, string[]>()
      for (const authorUserId of new Set(theirs.map((row) => row.authorUserId))) {
        const ids = theirs.filter((row) => row.authorUserId === authorUserId).map((row) => row.id)
        for (const [entryId, mediaIds] of await media.mediaIdsFor(authorUserId, 'biographyEntry', ids)) files.set(entryId, mediaIds)
      }
      return theirs.map((row) => ({
        id: row.id,
        authorUserId: row.authorUserId,
        subjectMemberId: row.subjectMemberId,
        title: row.title,
        text: readPair(row.conversationPair).answer,
        variation: null,
        eventDate: row.eventDate,
        mediaAssetIds: files.get(row.id) ?? [],
      }))
    },

    /** The person's memories about one card of theirs move to another (their own card was replaced). */
    moveSubject(userId: string, fromMemberId: string, toMemberId: string): Promise<void> {
      return repo.moveSubject(userId, fromMemberId, toMemberId)
    },

    /** The memory saved last, or undefined when there is none. */
    async latestEntry(userId: string): Promise<BiographyEntry | undefined> {
      const row = await repo.findLatest(userId)
      return row && one(userId, row)
    },

    /** Every memory of the user, newest first (by author, with or without a self member). */
    async listEntries(userId: string): Promise<BiographyEntry[]> {
      return withMedia(userId, await repo.listByAuthor(userId))
    },

    /** A memory written by hand: the person's words alone, about their self member. */
    async createEntry(userId: string, input: NewBiographyEntry): Promise<BiographyEntry> {
      const selfMemberId = await findSelfMemberId(userId)
      if (!selfMemberId) throw new AppError('biography.no_self_member', 'A memory needs the member that represents you in your family tree')
      const eventDate = eventDateOf(input.eventDate, input.language)
      const now = nowIso()
      const row = await repo.insert({
        id: newId(),
        authorUserId: userId,
        subjectMemberId: selfMemberId,
        conversationPair: biographyPair(input.content, null),
        conversationId: null,
        question: null,
        originalAnswer: null,
        title: input.title,
        eventDate,
        entryDate: now,
        updatedAt: now,
      })
      if (input.mediaAssetIds.length > 0) {
        try {
          await media.setMedia(userId, 'biographyEntry', row.id, input.mediaAssetIds)
        } catch (error) {
          await repo.delete(userId, row.id)
          throw error
        }
      }
      listener.heard({
        holderId: userId,
        memberId: selfMemberId,
        source: { kind: 'biography', id: row.id },
        answer: input.content,
        question: null,
        language: input.language,
        isTeller: true,
        tellerId: userId,
      })
      return one(userId, row)
    },

    /** Title, event date, files, and the answer's words (the first ones are kept the first time they change). */
    async updateEntry(userId: string, id: string, patch: BiographyEntryPatch): Promise<BiographyEntry> {
      const existing = await repo.findById(userId, id)
      if (!existing) throw notFound('Memory')
      const eventDate = patch.eventDate === undefined ? undefined : eventDateOf(patch.eventDate, patch.language)
      if (patch.mediaAssetIds !== undefined) await media.setMedia(userId, 'biographyEntry', id, patch.mediaAssetIds)
      const { answer, acknowledgement } = readPair(existing.conversationPair)
      const isCorrected = patch.answer !== undefined && patch.answer !== answer
      const row = await repo.update(userId, id, {
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(eventDate === undefined ? {} : { eventDate }),
        ...(isCorrected ? { conversationPair: biographyPair(patch.answer!, acknowledgement), originalAnswer: existing.originalAnswer ?? answer } : {}),
        updatedAt: nowIso(),
      })
      if (!row) throw notFound('Memory')
      if (isCorrected && row.subjectMemberId) {
        listener.heardAgain({
          holderId: userId,
          memberId: row.subjectMemberId,
          source: { kind: 'biography', id },
          answer: patch.answer!,
          question: row.question,
          language: patch.language ?? 'es',
          isTeller: true,
          tellerId: userId,
        })
      }
      return one(userId, row)
    },

    /** Who told each memory, when and to which question: what a fact heard in it cites. */
    async sourcesOf(userId: string, ids: string[]): Promise<Map<string, { toldAt: string; tellerUserId: string; question: string | null }>> {
      const rows = (await repo.findManyByIds(ids)).filter((row) => row.authorUserId === userId)
      return new Map(rows.map((row) => [row.id, { toldAt: toIsoString(row.entryDate), tellerUserId: row.authorUserId, question: row.question }]))
    },

    /** The words of every memory the user told. */
    async answersOf(userId: string): Promise<string[]> {
      return (await repo.listByAuthor(userId)).filter((row) => !row.isSkip).map((row) => readPair(row.conversationPair).answer)
    },

    /** A conversation's own title; '' gives it back its date and topic. */
    async renameConversation(userId: string, id: string, title: string): Promise<Conversation> {
      const conversation = await conversations.rename(userId, id, title)
      if (!conversation) throw notFound('Conversation')
      return conversation
    },

    /**
     * Deletes a memory and the files attached to it that nothing else uses (the page says so before
     * asking); a photo also in a member's gallery or another memory stays there. The memory goes
     * first, its links with it; a file that then fails to go stays in storage, unlinked, rather
     * than half a memory.
     */
    async deleteEntry(userId: string, id: string): Promise<void> {
      const mediaIds = (await media.mediaIdsFor(userId, 'biographyEntry', [id])).get(id) ?? []
      if (!(await repo.delete(userId, id))) throw notFound('Memory')
      await media.deleteUnlinked(userId, mediaIds).catch((error: unknown) => log.warn({ err: error, mediaIds }, 'a deleted memory’s files could not be removed'))
    },

    ...createBiographyPortability({ repo, conversations }),

    opening: (userId: string, language: Language) => cronosChat.opening(userId, language),
    chat: (userId: string, message: BiographyChatMessage) => cronosChat.reply(userId, message),
  }
}
export type BiographyService = ReturnType<typeof createBiographyService>
