import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Long work (a GEDCOM import, an account import) runs as a job after its request has been
// answered. Its state lives here, so any instance can answer for it, see a cancellation asked on
// another instance, and tell a job whose instance stopped (its heartbeat went quiet).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('input_key', 'text')
    .addColumn('result', 'text')
    .addColumn('error_code', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_requested_at', instant)
    .addColumn('heartbeat_at', instant)
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('job_owner_kind_status_idx').on('job').columns(['owner_user_id', 'kind', 'status']).execute()
  await db.schema.createIndex('job_status_idx').on('job').columns(['status', 'created_at']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').execute()
}
