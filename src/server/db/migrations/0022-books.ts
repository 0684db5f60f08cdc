import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Life books: what an author asked for and where the made PDF is kept (its job is the runner's row
// of the same id), and the chapters a model retold for them, kept until what they retold changes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const instant = isPostgres ? 'timestamptz' : 'text'

  await db.schema
    .createTable('book')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // A person of the tree the author's pages show, which may be another's: no foreign key.
    .addColumn('member_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('pdf_key', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('bytes', isPostgres ? 'bigint' : 'integer')
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('book_owner_idx').on('book').columns(['owner_user_id', 'created_at']).execute()

  await db.schema
    .createTable('book_retelling')
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('chapter_key', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('source_digest', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('book_retelling_pk', ['owner_user_id', 'chapter_key', 'language'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('book_retelling').execute()
  await db.schema.dropTable('book').execute()
}
