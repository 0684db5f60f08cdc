import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// The AI lab keeps two things: a memory as told or with its fantastical variation (docs/product.md#data
// AI-lab memory), and the readings of a dream from the diary, which go when the dream goes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'

  await db.schema
    .createTable('ai_lab_memory')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('original_text', 'text', (c) => c.notNull())
    .addColumn('ai_variation_text', 'text')
    .addColumn('save_method', 'text', (c) => c.notNull().check(sql`save_method in ('original', 'withVariation')`))
    .addColumn('timestamp', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ai_lab_memory_user_idx').on('ai_lab_memory').columns(['user_id', 'timestamp']).execute()

  await db.schema
    .createTable('dream_reading')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('dream_id', 'text', (c) => c.notNull().references('dream_entry.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dream_reading_dream_idx').on('dream_reading').columns(['owner_user_id', 'dream_id', 'created_at']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dream_reading').execute()
  await db.schema.dropTable('ai_lab_memory').execute()
}
