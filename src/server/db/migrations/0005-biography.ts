import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A biography entry keeps its exchange as JSON text (the conversationPair of docs/product.md#data); the media of an
// entry are links of their own, like a member's (ADR 0007). Deleting the self member keeps the
// memories: their subject becomes null and they stay listed by author.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'

  await db.schema
    .createTable('biography_entry')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('subject_member_id', 'text', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('conversation_pair', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_date', 'text')
    .addColumn('entry_date', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('biography_entry_author_date_idx').on('biography_entry').columns(['author_user_id', 'entry_date']).execute()

  await db.schema
    .createTable('media_biography_entry_link')
    .addColumn('media_id', 'text', (c) => c.notNull().references('media_asset.id').onDelete('cascade'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('biography_entry.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('media_biography_entry_link_pk', ['media_id', 'entry_id'])
    .execute()
  await db.schema.createIndex('media_biography_entry_link_entry_idx').on('media_biography_entry_link').column('entry_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_biography_entry_link').execute()
  await db.schema.dropTable('biography_entry').execute()
}
