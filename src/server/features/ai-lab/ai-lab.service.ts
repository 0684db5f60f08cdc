import type { z } from 'zod'
import type {
  AiLabMemory,
  AiLabStatus,
  DreamReading,
  createAiLabMemorySchema,
  dreamReadingNotSavedReasons,
  dreamReadingRequestSchema,
  variationRequestSchema,
} from '../../../shared/contracts/ai-lab.ts'
import type { SharedWith } from '../../../shared/contracts/family-circle.ts'
import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import type { PortableAiLabMemory, PortableDreamReading } from '../../../shared/contracts/portability.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { dreamMessage, dreamReader } from '../../integrations/ai/personas/dream-reader.ts'
import { storyteller } from '../../integrations/ai/personas/storyteller.ts'
import { notFound } from '../../lib/app-error.ts'
import type { ChatEngine, ChatEvent } from '../../lib/chat/chat-engine.ts'
import { newId } from '../../lib/ids.ts'
import type { AiLabRepository } from './ai-lab.repository.ts'
import type { AiLabMemoryRow, DreamReadingRow } from './ai-lab.tables.ts'

export type NewAiLabMemory = z.output<typeof createAiLabMemorySchema>
export type VariationRequest = z.output<typeof variationRequestSchema>
export type DreamReadingRequest = z.output<typeof dreamReadingRequestSchema>
/** What the dream reader's `done` event adds: the saved reading, or why there is none. */
export type DreamReadingSaved = { reading: DreamReading | null; notSavedReason: (typeof dreamReadingNotSavedReasons)[number] | null }

interface Deps {
  repo: AiLabRepository
  chat: ChatEngine
  /** The owner's dream; another user's dream is not found, exactly like a missing one. */
  getDream(userId: string, dreamId: string): Promise<Dream>
  /** The family tree keeps which trees a story is shared with (docs/product.md#family-tree). */
  sharing: {
    share(userId: string, kind: 'story', storyId: string, treeId: string): Promise<void>
    unshare(userId: string, kind: 'story', storyId: string, treeId: string): Promise<void>
    sharedWith(userId: string, kind: 'story', storyIds: string[]): Promise<Map<string, SharedWith[]>>
  }
}

function toMemory(row: AiLabMemoryRow, sharedWith: SharedWith[]): AiLabMemory {
  return {
    id: row.id,
    userId: row.userId,
    originalText: row.originalText,
    aiVariationText: row.aiVariationText,
    saveMethod: row.saveMethod,
    timestamp: toIsoString(row.timestamp),
    sharedWith,
  }
}

function toReading(row: DreamReadingRow): DreamReading {
  return { id: row.id, dreamId: row.dreamId, text: row.text, language: row.language, createdAt: toIsoString(row.createdAt) }
}

/**
 * The AI lab (docs/product.md#ai-lab): the storyteller retells a memory as a fantastical variation, which the
 * person keeps or not (nothing is saved until they choose); the dream reader reads a dream from
 * the diary back to them, and that reading is kept with the dream.
 */
export function createAiLabService({ repo, chat, getDream, sharing }: Deps) {
  async function withTrees(userId: string, rows: AiLabMemoryRow[]): Promise<AiLabMemory[]> {
    const trees = await sharing.sharedWith(
      userId,
      'story',
      rows.map((row) => row.id),
    )
    return rows.map((row) => toMemory(row, trees.get(row.id) ?? []))
  }
  async function getOwn(userId: string, id: string): Promise<AiLabMemoryRow> {
    const row = await repo.findMemory(userId, id)
    if (!row) throw notFound('Memory')
    return row
  }

  return {
    /** Whether the lab's personas can answer here: a variation or a reading needs a model. */
    status(): AiLabStatus {
      return { mode: chat.mode, canGenerate: chat.speaks(storyteller) && chat.speaks(dreamReader) }
    },

    /** Newest first. */
    async listMemories(userId: string): Promise<AiLabMemory[]> {
      return withTrees(userId, await repo.listMemories(userId))
    },

    /** Shares one of the person's memories with a tree they add to; another person's memory is not found. */
    async shareMemory(userId: string, id: string, treeId: string): Promise<AiLabMemory> {
      const row = await getOwn(userId, id)
      await sharing.share(userId, 'story', id, treeId)
      return (await withTrees(userId, [row]))[0]!
    },

    /** Takes one of the person's memories back from a tree. */
    async unshareMemory(userId: string, id: string, treeId: string): Promise<void> {
      await getOwn(userId, id)
      await sharing.unshare(userId, 'story', id, treeId)
    },

    /** Stories as the trees they were shared with read them: each one only when it is still its named author's. */
    async sharedStories(items: { authorUserId: string; id: string }[]) {
      const authorOf = new Map(items.map((item) => [item.id, item.authorUserId]))
      const rows = (await repo.findMemoriesByIds(items.map((item) => item.id))).filter((row) => authorOf.get(row.id) === row.userId)
      return rows.map((row) => ({
        id: row.id,
        authorUserId: row.userId,
        subjectMemberId: null,
        title: '',
        text: row.originalText,
        variation: row.aiVariationText,
        eventDate: null,
        mediaAssetIds: [],
      }))
    },

    async saveMemory(userId: string, memory: NewAiLabMemory): Promise<AiLabMemory> {
      return toMemory(
        await repo.insertMemory({
          id: newId(),
          userId,
          originalText: memory.originalText,
          aiVariationText: memory.aiVariationText,
          saveMethod: memory.saveMethod,
          timestamp: nowIso(),
        }),
        [],
      )
    },

    async deleteMemory(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteMemory(userId, id))) throw notFound('Memory')
    },

    /** Every kept memory and every dream reading of the user, for their export. */
    async exportLab(userId: string): Promise<{ memories: PortableAiLabMemory[]; readings: PortableDreamReading[] }> {
      const [memories, readings] = await Promise.all([repo.listMemories(userId), repo.listAllReadings(userId)])
      return {
        memories: memories.map(({ userId: _user, ...memory }) => ({ ...memory, timestamp: toIsoString(memory.timestamp) })),
        readings: readings.map(toReading),
      }
    },

    /** Kept memories from an export, already given their new ids: all or none. */
    async restoreMemories(userId: string, memories: PortableAiLabMemory[]): Promise<void> {
      await repo.insertMemories(memories.map((memory) => ({ ...memory, userId })))
    },

    /** Dream readings from an export, already pointing at the restored dreams: all or none. */
    async restoreReadings(userId: string, readings: PortableDreamReading[]): Promise<void> {
      await repo.insertReadings(readings.map((reading) => ({ ...reading, ownerUserId: userId })))
    },

    /**
     * The storyteller's variation of a memory, as stream events. Nothing is saved until the person
     * keeps the memory, so `signal` (the browser leaving or stopping it) ends the model's work too.
     */
    async variation(userId: string, { text, language }: VariationRequest, signal?: AbortSignal): Promise<AsyncIterable<ChatEvent<object>>> {
      return chat.tell({ userId, persona: storyteller, language, message: text, save: async () => ({}), saveFailed: {}, signal })
    },

    /** The readings of one of the person's dreams, newest first. */
    async listReadings(userId: string, dreamId: string): Promise<DreamReading[]> {
      await getDream(userId, dreamId)
      return (await repo.listReadings(userId, dreamId)).map(toReading)
    },

    /** A reading of one of the person's dreams, as stream events; it is kept with the dream once whole. */
    async readDream(userId: string, { dreamId, language }: DreamReadingRequest): Promise<AsyncIterable<ChatEvent<DreamReadingSaved>>> {
      const dream = await getDream(userId, dreamId)
      return chat.tell<DreamReadingSaved>({
        userId,
        persona: dreamReader,
        language,
        message: dreamMessage(dream, language),
        save: async (text) => {
          const row = await repo.insertReading({ id: newId(), ownerUserId: userId, dreamId, text, language, createdAt: nowIso() })
          return { reading: toReading(row), notSavedReason: null }
        },
        saveFailed: { reading: null, notSavedReason: 'aiLab.reading_save_failed' },
      })
    },
  }
}
export type AiLabService = ReturnType<typeof createAiLabService>
