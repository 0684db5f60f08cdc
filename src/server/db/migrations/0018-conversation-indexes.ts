import type { Kysely } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Conversations (0017) are found from their answers and their answers from them: the members'
// count of conversations asks, for each conversation, whether an answer of it exists. Without an
// index on `conversation_id` each such question read every answer of the table, so 100,000
// conversations held the server for minutes; deleting a conversation (its answers' links set to
// null) and a member (their conversations go with them) read whole tables the same way. The
// owner's conversations are read in pages ordered by when they started, then by id: the id joins
// that index so that a page starts where the last ended, even when thousands share one instant.

const created: [name: string, table: string, column: string][] = [
  ['biography_entry_conversation_idx', 'biography_entry', 'conversation_id'],
  ['interview_session_conversation_idx', 'interview_session', 'conversation_id'],
  ['chat_conversation_member_idx', 'chat_conversation', 'member_id'],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of created) await db.schema.createIndex(name).on(table).column(column).execute()
  await db.schema.dropIndex('chat_conversation_owner_idx').execute()
  await db.schema.createIndex('chat_conversation_owner_page_idx').on('chat_conversation').columns(['owner_user_id', 'kind', 'started_at', 'id']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_conversation_owner_page_idx').execute()
  await db.schema.createIndex('chat_conversation_owner_idx').on('chat_conversation').columns(['owner_user_id', 'kind', 'started_at']).execute()
  for (const [name] of created) await db.schema.dropIndex(name).execute()
}
