import { z } from 'zod'
import { limits } from '../limits.ts'
import { chatLanguageSchema, chatMessageFields, chatStreamEventsWith, correctedAnswerSchema, keptExchangeFields, type ChatStreamEventOf } from './chat.ts'
import { sharedWithSchema } from './family-circle.ts'
import { optionalSingleLineText, requiredText, storedGenealogyDateSchema, timestampSchema, writtenGenealogyDate } from './common.ts'

/** One part of a chat turn, as older archives wrote a biography exchange (docs/export-format.md). */
export const chatPartSchema = z.object({ text: z.string() })

/** A turn of an exchange as older archives wrote it: the person (`user`) or Cronos (`model`). */
export const chatTurnSchema = z.object({
  role: z.enum(['user', 'model']),
  parts: z.array(chatPartSchema),
})
export type StoredChatTurn = z.infer<typeof chatTurnSchema>

/**
 * A memory (docs/product.md#data): an answer the person gave Cronos, under the question it
 * answers and with his reply, in the conversation it was told in; or a memory written by hand
 * (no conversation, no question, no reply).
 */
export const biographyEntrySchema = z.object({
  id: z.string(),
  authorUserId: z.string(),
  /** The self member the memory is about; null once that profile is deleted. */
  subjectMemberId: z.string().nullable(),
  ...keptExchangeFields,
  title: z.string(),
  /**
   * When the remembered thing happened, as the person knows it ("hacia 1950", "primavera de
   * 1962"), in genealogy-date's stored form like a member's dates; an exact day is `YYYY-MM-DD`.
   */
  eventDate: storedGenealogyDateSchema.nullable(),
  /** `genealogyDateSortKey` of the event date: what life order sorts by; null without a year. */
  eventDateSortKey: z.number().nullable(),
  /** Ids of the media attached to this memory (derived from links). */
  mediaAssetIds: z.array(z.string()),
  /** When the memory was saved (server time). */
  entryDate: timestampSchema,
  updatedAt: timestampSchema,
  /** The trees its author shared it with (it is private to them otherwise). */
  sharedWith: z.array(sharedWithSchema),
})
export type BiographyEntry = z.infer<typeof biographyEntrySchema>

export const biographyEntryListSchema = z.object({ entries: z.array(biographyEntrySchema) })
export type BiographyEntryList = z.infer<typeof biographyEntryListSchema>

const mediaIdsSchema = z.array(z.string().min(1, { error: 'validation.invalid' })).max(limits.biographyMediaPerEntry, { error: 'validation.invalid' })

/** A memory written by hand, without the chat. The event date is read in `language`. */
export const createBiographyEntrySchema = z.object({
  content: requiredText(limits.biographyMessageMaxLength, 'biography.content_required'),
  title: optionalSingleLineText(limits.biographyTitleMaxLength),
  eventDate: writtenGenealogyDate,
  language: chatLanguageSchema,
  mediaAssetIds: mediaIdsSchema.optional().default([]),
})
export type CreateBiographyEntry = z.input<typeof createBiographyEntrySchema>

/**
 * Title, event date (read in `language`), the attached media (the whole list: ids left out are
 * unlinked, not deleted) and the answer's words (the first ones are kept).
 */
export const updateBiographyEntrySchema = z
  .object({
    title: optionalSingleLineText(limits.biographyTitleMaxLength).unwrap().unwrap(),
    eventDate: writtenGenealogyDate,
    mediaAssetIds: mediaIdsSchema,
    answer: correctedAnswerSchema,
  })
  .partial()
  .extend({ language: chatLanguageSchema })
export type UpdateBiographyEntry = z.input<typeof updateBiographyEntrySchema>

/** `POST /api/biography/chat`: the person's message; the answer is a `text/event-stream`. */
export const biographyChatMessageSchema = z.object(chatMessageFields('biography.message_required'))
export type BiographyChatMessage = z.input<typeof biographyChatMessageSchema>

/**
 * The reasons a finished exchange is not a memory: no self member, a failed save, or the person
 * asked for another question ("otra"), which is no memory.
 */
export const biographyNotSavedReasons = ['biography.no_self_member', 'biography.save_failed', 'chat.skipped'] as const

/** Cronos' stream: `done` names the saved memory, or null with the reason it was not saved. */
export const biographyChatEvents = chatStreamEventsWith({
  entry: biographyEntrySchema.nullable(),
  notSavedReason: z.enum(biographyNotSavedReasons).nullable(),
})
export type BiographyChatEvent = ChatStreamEventOf<typeof biographyChatEvents>
