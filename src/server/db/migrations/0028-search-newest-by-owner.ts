import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// One owner's texts, newest first: PostgreSQL's search reads a common word that way and stops at
// its cap, instead of reading every match through the word index. The owner-only index it
// replaces is a prefix of this one. SQLite's search reads FTS5 newest first and keeps its own.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`CREATE INDEX search_document_owner_newest_idx ON search_document (owner_user_id, doc_id)`.execute(db)
  await sql`DROP INDEX search_document_owner_idx`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`CREATE INDEX search_document_owner_idx ON search_document (owner_user_id)`.execute(db)
  await sql`DROP INDEX search_document_owner_newest_idx`.execute(db)
}
