import type { ColumnType, Insertable, Selectable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

export interface InterviewSessionTable {
  id: string
  ownerUserId: string
  interviewedMemberId: string
  timestamp: Instant
  /** JSON text: `[{ role, text }]` (docs/product.md#data). */
  conversationPair: string
}
export type InterviewSessionRow = Selectable<InterviewSessionTable>
export type NewInterviewSessionRow = Insertable<InterviewSessionTable>

export interface InterviewTables {
  interviewSession: InterviewSessionTable
}
