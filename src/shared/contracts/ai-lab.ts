import { z } from 'zod'
import { languages, limits } from '../limits.ts'
import { aiModes, chatLanguageSchema, chatStreamEventsWith, type ChatStreamEventOf } from './chat.ts'
import { requiredText, timestampSchema } from './common.ts'
import { sharedWithSchema } from './family-circle.ts'

// The AI lab (docs/product.md#ai-lab): a memory retold as a fantastical variation and kept as told or with
// it, and a reflective reading of a dream from the diary. Both need a model; the lab says so.

/** `GET /api/ai-lab/status`: which AI answers, and whether the lab's storyteller and dream reader can work. */
export const aiLabStatusSchema = z.object({
  mode: z.enum(aiModes),
  /** False in the guided mode: a variation or a reading needs a model. */
  canGenerate: z.boolean(),
})
export type AiLabStatus = z.infer<typeof aiLabStatusSchema>

// ── Tell a memory ──

export const saveMethods = ['original', 'withVariation'] as const
export type SaveMethod = (typeof saveMethods)[number]

/** A memory kept in the lab (docs/product.md#data): as told, or with its variation. */
export const aiLabMemorySchema = z.object({
  id: z.string(),
  userId: z.string(),
  originalText: z.string(),
  /** Null when kept as told. */
  aiVariationText: z.string().nullable(),
  saveMethod: z.enum(saveMethods),
  /** When it was saved (server time). */
  timestamp: timestampSchema,
  /** The trees its author shared it with (it is private to them otherwise). */
  sharedWith: z.array(sharedWithSchema),
})
export type AiLabMemory = z.infer<typeof aiLabMemorySchema>

export const aiLabMemoryListSchema = z.object({ memories: z.array(aiLabMemorySchema) })
export type AiLabMemoryList = z.infer<typeof aiLabMemoryListSchema>

/**
 * `POST /api/ai-lab/memories`. Kept `withVariation`, the variation is required; kept as told
 * (`original`), any variation sent is dropped, since the person chose the memory without it.
 */
export const createAiLabMemorySchema = z
  .object({
    originalText: requiredText(limits.aiLabMemoryMaxLength, 'aiLab.original_required'),
    aiVariationText: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(limits.chatReplyMaxLength, { error: 'validation.too_long' })
      .nullable()
      .optional()
      .transform((value) => value || null),
    saveMethod: z.enum(saveMethods, { error: 'validation.invalid' }),
  })
  .superRefine((memory, context) => {
    if (memory.saveMethod === 'withVariation' && !memory.aiVariationText) {
      context.addIssue({ code: 'custom', path: ['aiVariationText'], message: 'aiLab.variation_required' })
    }
  })
  .transform((memory) => ({ ...memory, aiVariationText: memory.saveMethod === 'withVariation' ? memory.aiVariationText : null }))
export type CreateAiLabMemory = z.input<typeof createAiLabMemorySchema>

/** `POST /api/ai-lab/variations`: the memory to retell; the answer is a `text/event-stream`. Nothing is saved. */
export const variationRequestSchema = z.object({
  text: requiredText(limits.aiLabMemoryMaxLength, 'aiLab.memory_required'),
  language: chatLanguageSchema,
})
export type VariationRequest = z.input<typeof variationRequestSchema>

/** The storyteller's stream: the variation as it is written, then `done` with the whole of it (never carried). */
export const variationEvents = chatStreamEventsWith({})
export type VariationEvent = ChatStreamEventOf<typeof variationEvents>

// ── Revealed dreams ──

/** A reflective reading of one dream from the diary, kept with the dream. */
export const dreamReadingSchema = z.object({
  id: z.string(),
  dreamId: z.string(),
  text: z.string(),
  /** The language it was written in. */
  language: z.enum(languages),
  createdAt: timestampSchema,
})
export type DreamReading = z.infer<typeof dreamReadingSchema>

const dreamIdSchema = z.string({ error: 'aiLab.dream_required' }).trim().min(1, { error: 'aiLab.dream_required' }).max(100, { error: 'validation.invalid' })

/** `GET /api/ai-lab/dream-readings?dreamId=`: the readings of one dream, newest first. */
export const dreamReadingListQuerySchema = z.object({ dreamId: dreamIdSchema })
export const dreamReadingListSchema = z.object({ readings: z.array(dreamReadingSchema) })
export type DreamReadingList = z.infer<typeof dreamReadingListSchema>

/** `POST /api/ai-lab/dream-readings`: read this dream; the answer is a `text/event-stream`. */
export const dreamReadingRequestSchema = z.object({ dreamId: dreamIdSchema, language: chatLanguageSchema })
export type DreamReadingRequest = z.input<typeof dreamReadingRequestSchema>

export const dreamReadingNotSavedReasons = ['aiLab.reading_save_failed'] as const

/** The dream reader's stream: `done` carries the saved reading, or null with the reason. */
export const dreamReadingEvents = chatStreamEventsWith({
  reading: dreamReadingSchema.nullable(),
  notSavedReason: z.enum(dreamReadingNotSavedReasons).nullable(),
})
export type DreamReadingEvent = ChatStreamEventOf<typeof dreamReadingEvents>
