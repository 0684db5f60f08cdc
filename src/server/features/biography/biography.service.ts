import type { z } from 'zod'
import type { BiographyEntry, ChatOpening, ChatStreamEvent, StoredChatTurn, createBiographyEntrySchema, updateBiographyEntrySchema } from '../../../shared/contracts/biography.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AiError, type AiProvider, type ChatTurn, type Persona } from '../../integrations/ai/ai-provider.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { createEventChannel } from '../../lib/event-channel.ts'
import { newId } from '../../lib/ids.ts'
import type { BiographyRepository } from './biography.repository.ts'
import type { BiographyEntryRow } from './biography.tables.ts'

export type NewBiographyEntry = z.output<typeof createBiographyEntrySchema>
export type BiographyEntryPatch = z.output<typeof updateBiographyEntrySchema>

interface Logger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

interface Deps {
  repo: BiographyRepository
  ai: {
    provider: AiProvider
    persona: Persona
    /** AI replies per user; not applied to the guided mode, which costs nothing. */
    limiter: AttemptLimiter
    timeoutMs: number
  }
  /** The member that represents the user (family tree), whose life the biography tells. */
  findSelfMemberId(userId: string): Promise<string | undefined>
  /** The media feature keeps the links between files and entries. */
  media: {
    mediaIdsForEntries(userId: string, entryIds: string[]): Promise<Map<string, string[]>>
    setEntryMedia(userId: string, entryId: string, mediaIds: string[]): Promise<void>
    deleteMedia(userId: string, mediaId: string): Promise<void>
  }
  log: Logger
}

/** English for logs and API clients; the page shows its own translation of the code. */
const failureMessages = {
  ai_blocked: 'AI content generation blocked',
  ai_invalid_key: 'Invalid API Key for AI Service',
  upstream_failed: 'AI content generation failed',
  ai_unavailable: 'This needs an AI model, and none is configured',
} as const

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

export function createBiographyService({ repo, ai, findSelfMemberId, media, log }: Deps) {
  /** Replies still being written or saved; shutting down waits for them (nothing is lost). */
  const inFlight = new Set<Promise<void>>()

  async function withMedia(userId: string, rows: BiographyEntryRow[]): Promise<BiographyEntry[]> {
    const ids = await media.mediaIdsForEntries(userId, rows.map((row) => row.id))
    return rows.map((row) => toEntry(row, ids.get(row.id) ?? []))
  }
  const one = async (userId: string, row: BiographyEntryRow) => (await withMedia(userId, [row]))[0]!

  /** The guided interviewer reads the whole conversation (so it never repeats a question); a model, the latest exchanges. */
  async function conversation(userId: string): Promise<ChatTurn[]> {
    const rows = await repo.listConversation(userId, ai.provider.kind === 'guided' ? undefined : limits.biographyContextEntries)
    return conversationOf(rows)
  }

  /** Streams the reply into `channel`, then saves the exchange; runs to the end even if nobody reads. */
  async function answer(userId: string, message: string, language: Language, channel: ReturnType<typeof createEventChannel<ChatStreamEvent>>) {
    try {
      const [history, selfMemberId] = await Promise.all([conversation(userId), findSelfMemberId(userId)])
      let reply = ''
      try {
        const pieces = ai.provider.streamReply({
          persona: ai.persona,
          language,
          turns: [...history, { role: 'user', text: message }],
          signal: AbortSignal.timeout(ai.timeoutMs),
        })
        for await (const piece of pieces) {
          reply += piece
          channel.push({ event: 'delta', data: { text: piece } })
        }
      } catch (error) {
        const code = error instanceof AiError ? error.code : 'upstream_failed'
        log.warn({ code, detail: error instanceof AiError ? error.detail : String(error), provider: ai.provider.kind }, 'AI reply failed')
        channel.push({ event: 'error', data: { code, message: failureMessages[code] } })
        return
      }
      if (!selfMemberId) {
        channel.push({ event: 'done', data: { entry: null, notSavedReason: 'biography.no_self_member' } })
        return
      }
      try {
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
        channel.push({ event: 'done', data: { entry: toEntry(row, []), notSavedReason: null } })
      } catch (error) {
        log.error({ err: error }, 'saving a biography exchange failed')
        channel.push({ event: 'done', data: { entry: null, notSavedReason: 'biography.save_failed' } })
      }
    } catch (error) {
      log.error({ err: error }, 'the biography chat failed')
      channel.push({ event: 'error', data: { code: 'upstream_failed', message: failureMessages.upstream_failed } })
    } finally {
      channel.close()
    }
  }

  return {
    /** Whether `id` is one of the user's entries (for the media feature's uploads). */
    async hasEntry(userId: string, id: string): Promise<boolean> {
      return Boolean(await repo.findById(userId, id))
    },

    /** Every memory of the user, newest first (spec §7 lists them by author when there is no self). */
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
          await media.setEntryMedia(userId, row.id, input.mediaAssetIds)
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
      if (patch.mediaAssetIds !== undefined) await media.setEntryMedia(userId, id, patch.mediaAssetIds)
      const row = await repo.update(userId, id, {
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.eventDate === undefined ? {} : { eventDate: patch.eventDate }),
        updatedAt: nowIso(),
      })
      if (!row) throw notFound('Memory')
      return one(userId, row)
    },

    /**
     * Deletes a memory and the files attached to it (the page says so before asking). The memory
     * goes first; a file that then fails to go stays in storage, unlinked, rather than half a memory.
     */
    async deleteEntry(userId: string, id: string): Promise<void> {
      const mediaIds = (await media.mediaIdsForEntries(userId, [id])).get(id) ?? []
      if (!(await repo.delete(userId, id))) throw notFound('Memory')
      for (const mediaId of mediaIds) {
        await media.deleteMedia(userId, mediaId).catch((error: unknown) => log.warn({ err: error, mediaId }, 'a deleted memory’s file could not be removed'))
      }
    },

    /** How the chat opens; nothing is saved and no model is called. */
    async opening(userId: string, language: Language): Promise<ChatOpening> {
      const turns = ai.provider.opening ? await conversation(userId) : []
      const text = ai.provider.opening?.({ persona: ai.persona, language, turns }) ?? ai.persona.greeting?.[language] ?? ''
      return { mode: ai.provider.kind, text }
    },

    /**
     * Cronos' reply to `message`, as stream events. Refuses with `rate_limited` before anything
     * starts; after that, failures arrive as an `error` event. The exchange is saved by the server
     * once the reply is complete, whether or not the browser is still listening.
     */
    async chat(userId: string, message: string, language: Language): Promise<AsyncIterable<ChatStreamEvent>> {
      if (ai.provider.kind !== 'guided') {
        await ai.limiter.assertAllowed([userId])
        await ai.limiter.record([userId])
      }
      const channel = createEventChannel<ChatStreamEvent>()
      const task = answer(userId, message, language, channel)
      inFlight.add(task)
      void task.finally(() => inFlight.delete(task))
      return channel
    },

    /** Resolves once every reply under way has been saved (each ends within the AI timeout). */
    async drain(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
export type BiographyService = ReturnType<typeof createBiographyService>
