import { z } from 'zod'
import { chatLanguageSchema, chatMessageFields, chatStreamEventsWith, correctedAnswerSchema, keptExchangeFields, type ChatStreamEventOf } from './chat.ts'
import { timestampSchema } from './common.ts'

/** One turn of an interview as older archives wrote it (docs/export-format.md): the person (`user`) or Ana (`model`). */
export const interviewTurnSchema = z.object({
  role: z.enum(['user', 'model']),
  text: z.string(),
})
export type InterviewTurn = z.infer<typeof interviewTurnSchema>

/**
 * One exchange with Ana about a relative (docs/product.md#interview): the question, the person's
 * answer and Ana's reply, in the conversation (sitting) it was told in.
 */
export const interviewSessionSchema = z.object({
  id: z.string(),
  ownerUserId: z.string(),
  /** Who told it: the tree's holder, or a relative who shares the tree. */
  authorUserId: z.string(),
  interviewedMemberId: z.string(),
  /** When the answer was kept (server time). */
  timestamp: timestampSchema,
  ...keptExchangeFields,
  /** Voice recordings of the person's answer (derived from media links). */
  mediaAssetIds: z.array(z.string()),
})
export type InterviewSession = z.infer<typeof interviewSessionSchema>

export const interviewSessionListSchema = z.object({ sessions: z.array(interviewSessionSchema) })
export type InterviewSessionList = z.infer<typeof interviewSessionListSchema>

const memberIdSchema = z.string({ error: 'interview.member_required' }).trim().min(1, { error: 'interview.member_required' }).max(100, { error: 'validation.invalid' })

/** `GET /api/interviews?memberId=`: the exchanges about one member, oldest first. */
export const interviewListQuerySchema = z.object({ memberId: memberIdSchema })

/** `GET /api/interviews/chat?memberId=&language=`: how Ana opens the interview. Nothing is saved. */
export const interviewOpeningQuerySchema = z.object({ memberId: memberIdSchema, language: chatLanguageSchema })

/** `POST /api/interviews/chat`: the person's words about the member; the answer is a `text/event-stream`. */
export const interviewChatMessageSchema = z.object({
  memberId: memberIdSchema,
  ...chatMessageFields('interview.message_required'),
})
export type InterviewChatMessage = z.input<typeof interviewChatMessageSchema>

/** `PATCH /api/interviews/:id`: the answer's words corrected (the first ones are kept). */
export const updateInterviewSessionSchema = z.object({
  answer: correctedAnswerSchema,
  /** The language the corrected words are in, for reading their facts again; Spanish when absent. */
  language: chatLanguageSchema,
})
export type UpdateInterviewSession = z.input<typeof updateInterviewSessionSchema>

/** A failed save, or the person asked for another question ("otra"), which is no answer. */
export const interviewNotSavedReasons = ['interview.save_failed', 'chat.skipped'] as const

/** Ana's stream: `done` names the saved exchange (the id recordings are uploaded to), or null with the reason. */
export const interviewChatEvents = chatStreamEventsWith({
  session: interviewSessionSchema.nullable(),
  notSavedReason: z.enum(interviewNotSavedReasons).nullable(),
})
export type InterviewChatEvent = ChatStreamEventOf<typeof interviewChatEvents>
