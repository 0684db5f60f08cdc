import type { Kysely } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// The tree page's first person, in a tree with no card of the keeper's, is the first by name: its
// last names are found by skipping through this index (one step per last name, not per person),
// and the first names of one last name read from it alone. The keeper's own card, when it is not
// flagged, is looked for among the cards with a short relationship: the second index reads those
// few instead of every card of a tree of 100,000 people.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('member_owner_name_idx').on('member').columns(['owner_user_id', 'last_name', 'first_name', 'id']).execute()
  await db.schema.createIndex('member_owner_relationship_idx').on('member').columns(['owner_user_id', 'relationship_to_owner']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('member_owner_relationship_idx').execute()
  await db.schema.dropIndex('member_owner_name_idx').execute()
}
