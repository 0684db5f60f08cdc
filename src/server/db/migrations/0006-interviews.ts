import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// An interview session is one exchange with Ana about a member (docs/product.md#interview). Deleting the member
// deletes its sessions; a session's recordings are media linked to it (and to the member), by a
// link table of its own like every other kind of target (ADR 0007).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'

  await db.schema
    .createTable('interview_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('interviewed_member_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('timestamp', instant, (c) => c.notNull())
    .addColumn('conversation_pair', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('interview_session_member_idx').on('interview_session').columns(['owner_user_id', 'interviewed_member_id', 'timestamp']).execute()

  await db.schema
    .createTable('media_interview_session_link')
    .addColumn('media_id', 'text', (c) => c.notNull().references('media_asset.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('interview_session.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('media_interview_session_link_pk', ['media_id', 'session_id'])
    .execute()
  await db.schema.createIndex('media_interview_session_link_session_idx').on('media_interview_session_link').column('session_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_interview_session_link').execute()
  await db.schema.dropTable('interview_session').execute()
}
