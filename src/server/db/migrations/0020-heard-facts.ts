import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Facts heard in a conversation with Ana or Cronos, proposed for a person of the tree: nothing is
// written to the tree until someone accepts one, and an accepted one stays as the citation of what
// it filled (who told it, when, the words). A proposal lives as long as the answer it came from and
// the person it is about; the tree's holder's key moves with the tree.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const instant = isPostgres ? 'timestamptz' : 'text'

  await db.schema
    .createTable('heard_fact')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // Exactly one of the two: the answer to Ana, or the memory told to Cronos.
    .addColumn('interview_session_id', 'text', (c) => c.references('interview_session.id').onDelete('cascade'))
    .addColumn('biography_entry_id', 'text', (c) => c.references('biography_entry.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: a stored date or a text as a string, a relative's name as { first, last }.
    .addColumn('value', 'text', (c) => c.notNull())
    // The value folded (case and accents): the same fact heard twice from one answer is one proposal,
    // and a dismissed one is not proposed again.
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('quote_start', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_at', instant)
    .addColumn('decided_by_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    // An accepted relative: the card it added or linked.
    .addColumn('applied_member_id', 'text', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('heard_fact_member_idx').on('heard_fact').columns(['owner_user_id', 'member_id', 'status']).execute()
  await db.schema.createIndex('heard_fact_session_idx').on('heard_fact').columns(['interview_session_id', 'kind', 'value_key']).unique().execute()
  await db.schema.createIndex('heard_fact_entry_idx').on('heard_fact').columns(['biography_entry_id', 'kind', 'value_key']).unique().execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heard_fact').execute()
}
