import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Parent and spouse links are rows of their own, so the lists the API returns cannot disagree:
// children derive from parent links, and a spouse link is written in both directions at once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const instant = isPostgres ? 'timestamptz' : 'text'
  const flag = isPostgres ? 'boolean' : 'integer'

  await db.schema
    .createTable('family_tree')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('tree_name', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('last_modified', instant, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('member')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tree_id', 'text', (c) => c.notNull().references('family_tree.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('relationship_to_owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birth_date', 'text')
    .addColumn('death_date', 'text')
    .addColumn('is_deceased', flag, (c) => c.notNull().defaultTo(sql`${sql.raw(isPostgres ? 'false' : '0')}`))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio_summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_self', flag, (c) => c.notNull().defaultTo(sql`${sql.raw(isPostgres ? 'false' : '0')}`))
    .addColumn('key_life_events', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('member_owner_idx').on('member').column('owner_user_id').execute()
  await db.schema.createIndex('member_tree_idx').on('member').column('tree_id').execute()
  // At most one member represents the owner.
  await db.schema
    .createIndex('member_one_self_idx')
    .on('member')
    .column('tree_id')
    .unique()
    .where(sql.ref('is_self'), '=', sql.raw(isPostgres ? 'true' : '1'))
    .execute()

  await db.schema
    .createTable('member_parent')
    .addColumn('child_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_parent_pk', ['child_id', 'parent_id'])
    .execute()
  await db.schema.createIndex('member_parent_parent_idx').on('member_parent').column('parent_id').execute()
  await db.schema.createIndex('member_parent_owner_idx').on('member_parent').column('owner_user_id').execute()

  await db.schema
    .createTable('member_spouse')
    .addColumn('member_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('spouse_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_spouse_pk', ['member_id', 'spouse_id'])
    .execute()
  await db.schema.createIndex('member_spouse_spouse_idx').on('member_spouse').column('spouse_id').execute()
  await db.schema.createIndex('member_spouse_owner_idx').on('member_spouse').column('owner_user_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['member_spouse', 'member_parent', 'member', 'family_tree']) await db.schema.dropTable(table).execute()
}
