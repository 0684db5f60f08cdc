import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A listening link: a recording playable without signing in by whoever holds its token (printed
// beside a memory in a book, as a short address and a QR code). It is its maker's: it goes with
// their account, and with the recording it plays; revoking it deletes the row.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'

  await db.schema
    .createTable('listening_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull().references('media_asset.id').onDelete('cascade'))
    // Kept as it is (not hashed): its maker copies the address again from the account page.
    .addColumn('token', 'text', (c) => c.notNull())
    // The language the listening page speaks in (es, en, fr): the book's, or the maker's.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant)
    .execute()
  await db.schema.createIndex('listening_link_token_idx').on('listening_link').column('token').unique().execute()
  await db.schema.createIndex('listening_link_owner_media_idx').on('listening_link').columns(['owner_user_id', 'media_id']).execute()
  // Deleting a recording finds its links without reading every link.
  await db.schema.createIndex('listening_link_media_idx').on('listening_link').column('media_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listening_link').execute()
}
