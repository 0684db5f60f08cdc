import type { Kysely } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// The owner-page indexes (0015) begin with the owner, so they also answer every query that the
// owner-only indexes answered: those three are dropped. Each was one more index to update for
// every member, union and parent link written (an import of 100,000 people writes 250,000 rows).

const dropped: [name: string, table: string, column: string][] = [
  ['member_owner_idx', 'member', 'owner_user_id'],
  ['family_union_owner_idx', 'family_union', 'owner_user_id'],
  ['member_parent_owner_idx', 'member_parent', 'owner_user_id'],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of dropped) await db.schema.dropIndex(name).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of dropped) await db.schema.createIndex(name).on(table).column(column).execute()
}
