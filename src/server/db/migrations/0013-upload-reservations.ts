import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// The bytes an unfinished upload holds of its owner's storage quota, from its creation (the
// length it declared) until it is stored, refused, cancelled or expires: parallel uploads cannot
// together overshoot the quota. Deleting the account deletes them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'
  await db.schema
    .createTable('media_upload_reservation')
    .addColumn('upload_id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('media_upload_reservation_owner_idx').on('media_upload_reservation').columns(['owner_user_id', 'created_at']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_upload_reservation').execute()
}
