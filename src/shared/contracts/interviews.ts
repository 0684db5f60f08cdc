import { z } from 'zod'
import { chatLanguageSchema, chatMessageFields, chatStreamEventsWith, type ChatStreamEventOf } from './chat.ts'
import { timestampSchema } from './common.ts'

/** One turn of an interview as a session stores it (docs/product.md#data): the person (`user`) or Ana (`model`). */
export const interviewTurnSchema = z.object({
  role: z.enum(['user', 'model']),
  text: z.string(),
})
export type InterviewTurn = z.infer<typeof interviewTurnSchema>

/** One exchange with Ana about a relative, saved by the server (docs/product.md#interview). */
export const interviewSessionSchema = z.object({
  id: z.string(),
  ownerUserId: z.string(),
  interviewedMemberId: z.string(),
  /** When the exchange was saved (server time). */
  timestamp: timestampSchema,
  /** The person's words, then Ana's reply. */
  conversationPair: z.array(interviewTurnSchema),
  /** Voice recordings of the person's answer (derived from media links). */
  mediaAssetIds: z.array(z.string()),
})
export type InterviewSession = z.infer<typeof interviewSessionSchema>

export const interviewSessionListSchema = z.object({ sessions: z.array(interviewSessionSchema) })
export type InterviewSessionList = z.infer<typeof interviewSessionListSchema>

const memberIdSchema = z.string({ error: 'interview.member_required' }).trim().min(1, { error: 'interview.member_required' }).max(100, { error: 'validation.invalid' })

/** `GET /api/interviews?memberId=`: the sessions about one member, oldest first. */
export const interviewListQuerySchema = z.object({ memberId: memberIdSchema })

/** `GET /api/interviews/chat?memberId=&language=`: how Ana opens the interview. Nothing is saved. */
export const interviewOpeningQuerySchema = z.object({ memberId: memberIdSchema, language: chatLanguageSchema })

/** `POST /api/interviews/chat`: the person's words about the member; the answer is a `text/event-stream`. */
export const interviewChatMessageSchema = z.object({
  memberId: memberIdSchema,
  ...chatMessageFields('interview.message_required'),
})
export type InterviewChatMessage = z.input<typeof interviewChatMessageSchema>

export const interviewNotSavedReasons = ['interview.save_failed'] as const

/** Ana's stream: `done` names the saved session (the id recordings are uploaded to), or null with the reason. */
export const interviewChatEvents = chatStreamEventsWith({
  session: interviewSessionSchema.nullable(),
  notSavedReason: z.enum(interviewNotSavedReasons).nullable(),
})
export type InterviewChatEvent = ChatStreamEventOf<typeof interviewChatEvents>
