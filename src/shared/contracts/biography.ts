import { z } from 'zod'
import { languages, limits } from '../limits.ts'
import { optionalDate, optionalText, pastCalendarDateSchema, requiredText, timestampSchema } from './common.ts'

/** One part of a chat turn, as spec §3 stores it. */
export const chatPartSchema = z.object({ text: z.string() })

/** A turn of the conversation: the person (`user`) or Cronos (`model`). */
export const chatTurnSchema = z.object({
  role: z.enum(['user', 'model']),
  parts: z.array(chatPartSchema),
})
export type StoredChatTurn = z.infer<typeof chatTurnSchema>

export const biographyEntrySchema = z.object({
  id: z.string(),
  authorUserId: z.string(),
  /** The self member the memory is about; null once that profile is deleted. */
  subjectMemberId: z.string().nullable(),
  /** The exchange: the person's words, then Cronos' reply (a manual memory has only the first). */
  conversationPair: z.array(chatTurnSchema),
  title: z.string(),
  /** When the remembered thing happened, `YYYY-MM-DD`, if the person gave it. */
  eventDate: z.string().nullable(),
  /** Ids of the media attached to this memory (derived from links). */
  mediaAssetIds: z.array(z.string()),
  /** When the memory was saved (server time). */
  entryDate: timestampSchema,
  updatedAt: timestampSchema,
})
export type BiographyEntry = z.infer<typeof biographyEntrySchema>

export const biographyEntryListSchema = z.object({ entries: z.array(biographyEntrySchema) })
export type BiographyEntryList = z.infer<typeof biographyEntryListSchema>

const mediaIdsSchema = z.array(z.string().min(1, { error: 'validation.invalid' })).max(limits.biographyMediaPerEntry, { error: 'validation.invalid' })

/** A memory written by hand, without the chat. */
export const createBiographyEntrySchema = z.object({
  content: requiredText(limits.biographyMessageMaxLength, 'biography.content_required'),
  title: optionalText(limits.biographyTitleMaxLength),
  eventDate: optionalDate(pastCalendarDateSchema),
  mediaAssetIds: mediaIdsSchema.optional().default([]),
})
export type CreateBiographyEntry = z.input<typeof createBiographyEntrySchema>

/** Title, event date and the attached media (the whole list: ids left out are unlinked, not deleted). */
export const updateBiographyEntrySchema = z
  .object({
    title: optionalText(limits.biographyTitleMaxLength).unwrap().unwrap(),
    eventDate: optionalDate(pastCalendarDateSchema),
    mediaAssetIds: mediaIdsSchema,
  })
  .partial()
export type UpdateBiographyEntry = z.input<typeof updateBiographyEntrySchema>

/** Which interviewer answers: a model, or the guided interviewer that needs none (DESIGN §5). */
export const aiModes = ['gemini', 'openai', 'guided'] as const
export type AiMode = (typeof aiModes)[number]

export const chatLanguageSchema = z.enum(languages, { error: 'validation.invalid' }).default('es')

/** `GET /api/biography/chat?language=`: how the chat opens. Nothing is saved. */
export const chatOpeningQuerySchema = z.object({ language: chatLanguageSchema })
export const chatOpeningSchema = z.object({
  mode: z.enum(aiModes),
  /** Cronos' greeting (in guided mode it ends with the first question). */
  text: z.string(),
})
export type ChatOpening = z.infer<typeof chatOpeningSchema>

/** `POST /api/biography/chat`: the person's message; the answer is a `text/event-stream`. */
export const chatMessageSchema = z.object({
  message: requiredText(limits.biographyMessageMaxLength, 'biography.message_required'),
  language: chatLanguageSchema,
})
export type ChatMessage = z.input<typeof chatMessageSchema>

/**
 * The events of the chat stream, in order: any number of `delta` (the reply as it is written),
 * then either `done` (the reply is complete; `entry` is the saved memory, or null with the reason
 * it was not saved) or `error` (nothing was saved; `code` picks the chat message to show).
 */
export const chatStreamEvents = {
  delta: z.object({ text: z.string() }),
  done: z.object({
    entry: biographyEntrySchema.nullable(),
    notSavedReason: z.enum(['biography.no_self_member', 'biography.save_failed']).nullable(),
  }),
  error: z.object({
    code: z.enum(['ai_blocked', 'ai_invalid_key', 'upstream_failed', 'ai_unavailable']),
    message: z.string(),
  }),
} as const
export type ChatStreamEventName = keyof typeof chatStreamEvents
export type ChatStreamEvent = { [Name in ChatStreamEventName]: { event: Name; data: z.infer<(typeof chatStreamEvents)[Name]> } }[ChatStreamEventName]
