import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>
type Flag = ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>

export interface InterviewSessionTable {
  id: string
  ownerUserId: string
  interviewedMemberId: string
  timestamp: Instant
  /** JSON text: `[{ role, text }]`, the answer and then Ana's reply (docs/product.md#data). */
  conversationPair: string
  /** The sitting it was told in (lib/chat/conversations.ts). */
  conversationId: string | null
  /** The question the answer answers, as Ana asked it. */
  question: string | null
  /** The answer as first said, once corrected. */
  originalAnswer: string | null
  /** A skipped question's hidden mark ("otra"): no answer, but Ana's context keeps it. */
  isSkip: Flag
  /** Who added it, when not the holder of the tree it belongs to; it goes with their account. */
  authorUserId: ColumnType<string | null, string | null | undefined, string | null>
}
export type InterviewSessionRow = Selectable<InterviewSessionTable>
export type NewInterviewSessionRow = Insertable<InterviewSessionTable>
export type InterviewSessionUpdate = Updateable<InterviewSessionTable>

export interface InterviewTables {
  interviewSession: InterviewSessionTable
}
