import { z } from 'zod'
import { limits } from '../limits.ts'
import { chatMessageFields, chatStreamEventsWith, type ChatStreamEventOf } from './chat.ts'
import { optionalDate, optionalSingleLineText, pastCalendarDateSchema, requiredText, timestampSchema } from './common.ts'

/** One part of a chat turn, as a biography entry stores it (docs/product.md#data). */
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
  title: optionalSingleLineText(limits.biographyTitleMaxLength),
  eventDate: optionalDate(pastCalendarDateSchema),
  mediaAssetIds: mediaIdsSchema.optional().default([]),
})
export type CreateBiographyEntry = z.input<typeof createBiographyEntrySchema>

/** Title, event date and the attached media (the whole list: ids left out are unlinked, not deleted). */
export const updateBiographyEntrySchema = z
  .object({
    title: optionalSingleLineText(limits.biographyTitleMaxLength).unwrap().unwrap(),
    eventDate: optionalDate(pastCalendarDateSchema),
    mediaAssetIds: mediaIdsSchema,
  })
  .partial()
export type UpdateBiographyEntry = z.input<typeof updateBiographyEntrySchema>

/** `POST /api/biography/chat`: the person's message; the answer is a `text/event-stream`. */
export const biographyChatMessageSchema = z.object(chatMessageFields('biography.message_required'))
export type BiographyChatMessage = z.input<typeof biographyChatMessageSchema>

/** The reasons a finished exchange was not saved as a memory. */
export const biographyNotSavedReasons = ['biography.no_self_member', 'biography.save_failed'] as const

/** Cronos' stream: `done` names the saved memory, or null with the reason it was not saved. */
export const biographyChatEvents = chatStreamEventsWith({
  entry: biographyEntrySchema.nullable(),
  notSavedReason: z.enum(biographyNotSavedReasons).nullable(),
})
export type BiographyChatEvent = ChatStreamEventOf<typeof biographyChatEvents>
