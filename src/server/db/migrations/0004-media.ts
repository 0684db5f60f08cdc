import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// One link table per kind of target, each with a real foreign key: deleting a member deletes its
// links in the same statement, and a link can never point at something that does not exist.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'

  await db.schema
    .createTable('media_asset')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_path', 'text', (c) => c.notNull().unique())
    .addColumn('thumbnail_path', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('linked_to_type', 'text')
    .addColumn('linked_to_id', 'text')
    .addColumn('uploaded_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('media_asset_owner_uploaded_idx').on('media_asset').columns(['owner_user_id', 'uploaded_at']).execute()

  await db.schema
    .createTable('media_member_link')
    .addColumn('media_id', 'text', (c) => c.notNull().references('media_asset.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('media_member_link_pk', ['media_id', 'member_id'])
    .execute()
  await db.schema.createIndex('media_member_link_member_idx').on('media_member_link').column('member_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_member_link').execute()
  await db.schema.dropTable('media_asset').execute()
}
