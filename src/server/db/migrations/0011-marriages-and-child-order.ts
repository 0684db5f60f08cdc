import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Two things a genealogist's tree says that a union and a parent link could not hold:
// - that a couple married, even when nobody knows when or where (GEDCOM's bare `1 MARR`): without
//   it, a marriage with no date or place became a couple of unknown kind. A union that already has
//   a marriage date or place was a marriage.
// - the children's order in their family (GEDCOM's CHIL order, Gramps's child list): the position
//   of the child in the union, on each of the child's links to it. Null where no source gave one;
//   those children follow, by birth.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const [no, yes] = isPostgres ? ['false', 'true'] : ['0', '1']
  await db.schema
    .alterTable('family_union')
    .addColumn('is_married', isPostgres ? 'boolean' : 'integer', (c) => c.notNull().defaultTo(sql.raw(no)))
    .execute()
  await sql`update family_union set is_married = ${sql.raw(yes)} where marriage_date is not null or marriage_place <> ''`.execute(db)
  await db.schema.alterTable('member_parent').addColumn('child_position', 'integer').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('member_parent').dropColumn('child_position').execute()
  await db.schema.alterTable('family_union').dropColumn('is_married').execute()
}
