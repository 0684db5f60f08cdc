import type { z } from 'zod'
import type {
  BiographyEntry,
  StoredChatTurn,
  biographyChatMessageSchema,
  biographyNotSavedReasons,
  createBiographyEntrySchema,
  updateBiographyEntrySchema,
} from '../../../shared/contracts/biography.ts'
import type { ChatOpening } from '../../../shared/contracts/chat.ts'
import type { PortableBiographyEntry } from '../../../shared/contracts/portability.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import type { ChatTurn } from '../../integrations/ai/ai-provider.ts'
import { cronos } from '../../integrations/ai/personas/cronos.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { ChatEngine, ChatEvent } from '../../lib/chat/chat-engine.ts'
import { newId } from '../../lib/ids.ts'
import type { BiographyRepository } from './biography.repository.ts'
import type { BiographyEntryRow } from './biography.tables.ts'

export type NewBiographyEntry = z.output<typeof createBiographyEntrySchema>
export type BiographyEntryPatch = z.output<typeof updateBiographyEntrySchema>
export type BiographyChatMessage = z.output<typeof biographyChatMessageSchema>
/** What Cronos' `done` event adds: the saved memory, or why there is none. */
export type BiographySaved = { entry: BiographyEntry | null; notSavedReason: (typeof biographyNotSavedReasons)[number] | null }

interface Logger {
  warn(details: object, message: string): void
}

interface Deps {
  repo: BiographyRepository
  chat: ChatEngine
  /** The member that represents the user (family tree), whose life the biography tells. */
  findSelfMemberId(userId: string): Promise<string | undefined>
  /** The media feature keeps the links between files and entries. */
  media: {
    mediaIdsFor(userId: string, type: 'biographyEntry', entryIds: string[]): Promise<Map<string, string[]>>
    setMedia(userId: string, type: 'biographyEntry', entryId: string, mediaIds: string[]): Promise<void>
    /** Deletes those of the files that nothing links to any more. */
    deleteUnlinked(userId: string, mediaIds: string[]): Promise<void>
  }
  log: Logger
}

/** Earlier memories read for a model's context; the engine then keeps what fits its character budget. */
const contextEntries = 200

function readPair(json: string): StoredChatTurn[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? (value as StoredChatTurn[]) : []
  } catch {
    return []
  }
}

function toEntry(row: BiographyEntryRow, mediaAssetIds: string[]): BiographyEntry {
  return {
    id: row.id,
    authorUserId: row.authorUserId,
    subjectMemberId: row.subjectMemberId,
    conversationPair: readPair(row.conversationPair),
    title: row.title,
    eventDate: row.eventDate,
    mediaAssetIds,
    entryDate: toIsoString(row.entryDate),
    updatedAt: toIsoString(row.updatedAt),
  }
}

/** The chat exchanges among the entries, as turns (a memory written by hand is not part of the conversation). */
function conversationOf(rows: BiographyEntryRow[]): ChatTurn[] {
  return rows.flatMap((row) => {
    const pair = readPair(row.conversationPair)
    const user = pair.find((turn) => turn.role === 'user')
    const model = pair.find((turn) => turn.role === 'model')
    if (!user || !model) return []
    const text = (turn: StoredChatTurn) => turn.parts.map((part) => part.text).join('\n')
    return [
      { role: 'user' as const, text: text(user) },
      { role: 'model' as const, text: text(model) },
    ]
  })
}

export function createBiographyService({ repo, chat, findSelfMemberId, media, log }: Deps) {
  async function withMedia(userId: string, rows: BiographyEntryRow[]): Promise<BiographyEntry[]> {
    const ids = await media.mediaIdsFor(
      userId,
      'biographyEntry',
      rows.map((row) => row.id),
    )
    return rows.map((row) => toEntry(row, ids.get(row.id) ?? []))
  }
  const one = async (userId: string, row: BiographyEntryRow) => (await withMedia(userId, [row]))[0]!

  /** The guided interviewer reads the whole conversation (so it never repeats a question); a model, the latest exchanges. */
  async function conversation(userId: string): Promise<ChatTurn[]> {
    return conversationOf(await repo.listConversation(userId, chat.mode === 'guided' ? undefined : contextEntries))
  }

  /** Saves Cronos' finished reply as a memory about the self member; without one, nothing is saved. */
  async function saveExchange(userId: string, message: string, reply: string): Promise<{ isSaved: boolean; fields: BiographySaved }> {
    const selfMemberId = await findSelfMemberId(userId)
    if (!selfMemberId) return { isSaved: false, fields: { entry: null, notSavedReason: 'biography.no_self_member' } }
    const now = nowIso()
    const conversationPair: StoredChatTurn[] = [
      { role: 'user', parts: [{ text: message }] },
      { role: 'model', parts: [{ text: reply }] },
    ]
    const row = await repo.insert({
      id: newId(),
      authorUserId: userId,
      subjectMemberId: selfMemberId,
      conversationPair: JSON.stringify(conversationPair),
      title: '',
      eventDate: null,
      entryDate: now,
      updatedAt: now,
    })
    return { isSaved: true, fields: { entry: toEntry(row, []), notSavedReason: null } }
  }

  return {
    /** Whether `id` is one of the user's entries (for the media feature's uploads). */
    async hasEntry(userId: string, id: string): Promise<boolean> {
      return Boolean(await repo.findById(userId, id))
    },

    /** Every memory of the user, newest first (by author, with or without a self member). */
    async listEntries(userId: string): Promise<BiographyEntry[]> {
      return withMedia(userId, await repo.listByAuthor(userId))
    },

    /** A memory written by hand: the person's words alone, about their self member. */
    async createEntry(userId: string, input: NewBiographyEntry): Promise<BiographyEntry> {
      const selfMemberId = await findSelfMemberId(userId)
      if (!selfMemberId) throw new AppError('biography.no_self_member', 'A memory needs the member that represents you in your family tree')
      const now = nowIso()
      const row = await repo.insert({
        id: newId(),
        authorUserId: userId,
        subjectMemberId: selfMemberId,
        conversationPair: JSON.stringify([{ role: 'user', parts: [{ text: input.content }] }] satisfies StoredChatTurn[]),
        title: input.title,
        eventDate: input.eventDate ?? null,
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
      return one(userId, row)
    },

    async updateEntry(userId: string, id: string, patch: BiographyEntryPatch): Promise<BiographyEntry> {
      const existing = await repo.findById(userId, id)
      if (!existing) throw notFound('Memory')
      if (patch.mediaAssetIds !== undefined) await media.setMedia(userId, 'biographyEntry', id, patch.mediaAssetIds)
      const row = await repo.update(userId, id, {
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.eventDate === undefined ? {} : { eventDate: patch.eventDate }),
        updatedAt: nowIso(),
      })
      if (!row) throw notFound('Memory')
      return one(userId, row)
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

    /** Every memory of the user, for their export (the files they are linked to travel with the files). */
    async exportEntries(userId: string): Promise<PortableBiographyEntry[]> {
      return (await repo.listByAuthor(userId)).map((row) => ({
        id: row.id,
        subjectMemberId: row.subjectMemberId,
        conversationPair: readPair(row.conversationPair),
        title: row.title,
        eventDate: row.eventDate,
        entryDate: toIsoString(row.entryDate),
        updatedAt: toIsoString(row.updatedAt),
      }))
    },

    /** Memories from an export, already given their new ids and members: all or none. */
    async restoreEntries(userId: string, entries: PortableBiographyEntry[]): Promise<void> {
      await repo.insertMany(
        entries.map((entry) => ({ ...entry, eventDate: entry.eventDate ?? null, authorUserId: userId, conversationPair: JSON.stringify(entry.conversationPair) })),
      )
    },

    /** How the chat opens; nothing is saved and no model is called. */
    async opening(userId: string, language: Language): Promise<ChatOpening> {
      return chat.opening({ persona: cronos, language, history: await conversation(userId) })
    },

    /**
     * Cronos' reply to the message, as stream events; the exchange is saved by the server once the
     * reply is complete, whether or not the browser is still listening (see the chat engine).
     */
    async chat(userId: string, { message, language, carried }: BiographyChatMessage): Promise<AsyncIterable<ChatEvent<BiographySaved>>> {
      return chat.reply<BiographySaved>({
        userId,
        conversation: 'biography',
        persona: cronos,
        language,
        history: await conversation(userId),
        carried,
        message,
        save: (reply) => saveExchange(userId, message, reply),
        saveFailed: { entry: null, notSavedReason: 'biography.save_failed' },
      })
    },
  }
}
export type BiographyService = ReturnType<typeof createBiographyService>
