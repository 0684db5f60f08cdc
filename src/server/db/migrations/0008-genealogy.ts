import { randomUUID } from 'node:crypto'
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Dates as genealogists write them, places, notes, and couples as rows of their own. A union holds
// two optional partners, a marriage and the children born (or adopted) into it, the way GEDCOM's
// FAM and Gramps' Family do; the symmetric spouse rows become one union per couple. Existing
// dates are plain YYYY-MM-DD and stay exactly as they are: only their sort key is added.

/**
 * The sort key of a `YYYY-MM-DD` text, as genealogy-date's `genealogyDateSortKey` computes it for
 * an exact day on the day this migration was written: ((year × 13 + month) × 32 + day) × 10 + 6.
 */
const dayKey = (column: string) =>
  sql`(((cast(substr(${sql.ref(column)}, 1, 4) as integer) * 13 + cast(substr(${sql.ref(column)}, 6, 2) as integer)) * 32 + cast(substr(${sql.ref(column)}, 9, 2) as integer)) * 10 + 6)`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const instant = isPostgres ? 'timestamptz' : 'text'

  for (const [column, type] of [
    ['birth_date_sort', 'integer'],
    ['death_date_sort', 'integer'],
    ['source_id', 'text'],
  ] as const) {
    await db.schema.alterTable('member').addColumn(column, type).execute()
  }
  for (const column of ['birth_place', 'death_place', 'notes']) {
    await db.schema
      .alterTable('member')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute()
  }
  // NULLs never collide in a unique index (both databases): only imported members carry a source id.
  await db.schema.createIndex('member_source_idx').on('member').columns(['owner_user_id', 'source_id']).unique().execute()
  for (const column of ['birth_date', 'death_date']) {
    await db
      .updateTable('member')
      .set({ [`${column}_sort`]: dayKey(column) })
      .where(column, 'is not', null)
      .execute()
  }

  await db.schema
    .createTable('family_union')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tree_id', 'text', (c) => c.notNull().references('family_tree.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('first_partner_id', 'text', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('second_partner_id', 'text', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('marriage_date', 'text')
    .addColumn('marriage_date_sort', 'integer')
    .addColumn('marriage_place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('divorce_date', 'text')
    .addColumn('divorce_place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('family_union_owner_idx').on('family_union').column('owner_user_id').execute()
  await db.schema.createIndex('family_union_first_idx').on('family_union').column('first_partner_id').execute()
  await db.schema.createIndex('family_union_second_idx').on('family_union').column('second_partner_id').execute()
  await db.schema.createIndex('family_union_source_idx').on('family_union').columns(['owner_user_id', 'source_id']).unique().execute()

  await db.schema
    .alterTable('member_parent')
    .addColumn('union_id', 'text', (c) => c.references('family_union.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('member_parent')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('birth'))
    .execute()
  await db.schema.createIndex('member_parent_union_idx').on('member_parent').column('union_id').execute()

  // Each couple once (the rows exist in both directions), in the order the spouses were listed.
  const pairs: { member_id: string; spouse_id: string; owner_user_id: string; tree_id: string }[] = await db
    .selectFrom('member_spouse')
    .innerJoin('member', 'member.id', 'member_spouse.member_id')
    .select(['member_spouse.member_id', 'member_spouse.spouse_id', 'member_spouse.owner_user_id', 'member.tree_id'])
    .whereRef('member_spouse.member_id', '<', 'member_spouse.spouse_id')
    .orderBy('member_spouse.member_id')
    .orderBy('member_spouse.spouse_id')
    .execute()
  const now = new Date().toISOString()
  for (let start = 0; start < pairs.length; start += 500) {
    const rows = pairs.slice(start, start + 500).map((pair) => ({
      id: randomUUID(),
      tree_id: pair.tree_id,
      owner_user_id: pair.owner_user_id,
      first_partner_id: pair.member_id,
      second_partner_id: pair.spouse_id,
      created_at: now,
      updated_at: now,
    }))
    await db.insertInto('family_union').values(rows).execute()
  }
  await db.schema.dropTable('member_spouse').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_spouse')
    .addColumn('member_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('spouse_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_spouse_pk', ['member_id', 'spouse_id'])
    .execute()
  await db.schema.createIndex('member_spouse_spouse_idx').on('member_spouse').column('spouse_id').execute()
  await db.schema.createIndex('member_spouse_owner_idx').on('member_spouse').column('owner_user_id').execute()
  const couples: { a: string; b: string; owner: string }[] = await db
    .selectFrom('family_union')
    .select(['first_partner_id as a', 'second_partner_id as b', 'owner_user_id as owner'])
    .where('first_partner_id', 'is not', null)
    .where('second_partner_id', 'is not', null)
    .whereRef('first_partner_id', '<>', 'second_partner_id')
    .execute()
  const rows = new Map<string, { member_id: string; spouse_id: string; owner_user_id: string }>()
  for (const { a, b, owner } of couples) {
    rows.set(`${a} ${b}`, { member_id: a, spouse_id: b, owner_user_id: owner })
    rows.set(`${b} ${a}`, { member_id: b, spouse_id: a, owner_user_id: owner })
  }
  const list = [...rows.values()]
  for (let start = 0; start < list.length; start += 500)
    await db
      .insertInto('member_spouse')
      .values(list.slice(start, start + 500))
      .execute()

  await db.schema.dropIndex('member_parent_union_idx').execute()
  await db.schema.alterTable('member_parent').dropColumn('kind').execute()
  await db.schema.alterTable('member_parent').dropColumn('union_id').execute()
  await db.schema.dropTable('family_union').execute()
  await db.schema.dropIndex('member_source_idx').execute()
  for (const column of ['birth_date_sort', 'death_date_sort', 'source_id', 'birth_place', 'death_place', 'notes']) {
    await db.schema.alterTable('member').dropColumn(column).execute()
  }
}
