import { z } from 'zod'
import { languages, limits } from '../limits.ts'
import { requiredText, singleLineText, timestampSchema } from './common.ts'

// What every AI chat shares (Cronos, Ana, the lab's storyteller): the request fields, the stream's
// events and the opening. A feature adds only what its finished exchange saves.

/** Which interviewer answers: a model, or the guided interviewer that needs none (docs/product.md#ai-modes). */
export const aiModes = ['gemini', 'openai', 'guided'] as const
export type AiMode = (typeof aiModes)[number]

export const chatLanguageSchema = z.enum(languages, { error: 'validation.invalid' }).default('es')

/** How a chat opens: the persona's greeting (in guided mode it ends with the first question). Nothing is saved. */
export const chatOpeningSchema = z.object({
  mode: z.enum(aiModes),
  text: z.string(),
})
export type ChatOpening = z.infer<typeof chatOpeningSchema>

/** Why a message got no reply (docs/product.md#chat), plus "this needs a model". */
export const chatReplyErrorCodes = ['ai_blocked', 'ai_invalid_key', 'upstream_failed', 'ai_unavailable'] as const
export type ChatReplyErrorCode = (typeof chatReplyErrorCodes)[number]

/**
 * An exchange of this conversation that the server answered but did not save (no self member, a
 * failed save). The browser hands it back with the next message so the conversation goes on; the
 * receipt is the server's signature of the exchange, so nobody can put words in the persona's mouth.
 */
export const carriedExchangeSchema = z.object({
  user: z.string().max(limits.chatMessageMaxLength, { error: 'validation.too_long' }),
  model: z.string().max(limits.chatReplyMaxLength, { error: 'validation.too_long' }),
  receipt: z.string().max(200, { error: 'validation.invalid' }),
})
export type CarriedExchange = z.infer<typeof carriedExchangeSchema>

/** The fields of every chat message; `requiredCode` is the feature's "write something" message. */
export function chatMessageFields(requiredCode: string) {
  return {
    message: requiredText(limits.chatMessageMaxLength, requiredCode),
    language: chatLanguageSchema,
    /** The unsaved exchanges of this conversation, oldest first (the newest are kept when there are too many). */
    carried: z
      .array(carriedExchangeSchema, { error: 'validation.invalid' })
      .default([])
      .transform((list) => list.slice(-limits.chatCarriedExchanges)),
  }
}

/**
 * The events of a chat stream, in order: any number of `delta` (the reply as it is written), then
 * either `done` or `error`. `done` carries the whole reply as it stands (a reply the model cut off
 * is shortened to its last whole sentence, so it may differ from the deltas), `carry` when the
 * exchange was not saved, and the feature's own fields (`saved`). `error`: nothing was saved.
 */
export function chatStreamEventsWith<Saved extends z.ZodRawShape>(saved: Saved) {
  return {
    delta: z.object({ text: z.string() }),
    done: z.object({ reply: z.string(), carry: carriedExchangeSchema.nullable(), ...saved }),
    error: z.object({ code: z.enum(chatReplyErrorCodes), message: z.string() }),
  } as const
}

type EventSchemas = Record<'delta' | 'done' | 'error', z.ZodType>

/** One event of a stream described by `chatStreamEventsWith`. */
export type ChatStreamEventOf<Events extends EventSchemas> = {
  [Name in keyof Events & string]: { event: Name; data: z.infer<Events[Name]> }
}[keyof Events & string]

/** The typed event of a raw one, checked against the schemas; null for an unknown name or bad data (skipped, not trusted). */
export function readChatStreamEvent<Events extends EventSchemas>(events: Events, raw: { event: string; data: string }): ChatStreamEventOf<Events> | null {
  if (!Object.hasOwn(events, raw.event)) return null
  const name = raw.event as keyof Events & string
  let json: unknown
  try {
    json = JSON.parse(raw.data)
  } catch {
    return null
  }
  const parsed = (events[name] as z.ZodType).safeParse(json)
  return parsed.success ? ({ event: name, data: parsed.data } as ChatStreamEventOf<Events>) : null
}

/** `GET …/chat?language=`: how the chat opens. */
export const chatOpeningQuerySchema = z.object({ language: chatLanguageSchema })

/**
 * One sitting with a persona (docs/product.md#chat): the exchanges told together, under a title the
 * person may change. `title` is '' until they do; pages then show `conversationTitle` (the date in
 * words and what it was about).
 */
export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** When its first exchange was kept (server time). */
  startedAt: timestampSchema,
})
export type Conversation = z.infer<typeof conversationSchema>

/** `PATCH …/conversations/:id`: a conversation's own title ('' goes back to the date and topic). */
export const updateConversationSchema = z.object({ title: singleLineText(limits.conversationTitleMaxLength) })
export type UpdateConversation = z.input<typeof updateConversationSchema>

/**
 * What every kept exchange says, for Cronos and Ana alike: the question the person answered, their
 * answer (as they last corrected it, the first words kept in `originalAnswer`), and the persona's
 * reply to it, kept as its acknowledgement.
 */
export const keptExchangeFields = {
  /** The sitting it belongs to; null for a memory written by hand. */
  conversation: conversationSchema.nullable(),
  /** The question it answers, as the persona asked it; null when told freely (or kept before questions were). */
  question: z.string().nullable(),
  answer: z.string(),
  /** The answer as first said, when it was corrected since; null while it is untouched. */
  originalAnswer: z.string().nullable(),
  /** The persona's reply; null while it is being written, or when it never came (the answer is kept all the same). */
  acknowledgement: z.string().nullable(),
}

/** A corrected answer: the person's words, required like a message. */
export const correctedAnswerSchema = requiredText(limits.chatMessageMaxLength, 'chat.answer_required')
export type KeptExchange = z.infer<z.ZodObject<typeof keptExchangeFields>>
