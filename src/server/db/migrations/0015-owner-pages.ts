import type { Kysely } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Reads that grow with an account (the whole tree, every interview session, what GEDCOM imports
// kept) go by pages of the owner's rows in a fixed order, each page starting after the last row of
// the one before. These indexes hold each owner's rows in that order, so a page is one range of
// the index: without them every page sorted all of the owner's rows again, and a tree of 100,000
// people read in 50 pages sorted it 50 times.

const indexes: [name: string, table: string, columns: string[]][] = [
  ['member_owner_page_idx', 'member', ['owner_user_id', 'id']],
  ['family_union_owner_page_idx', 'family_union', ['owner_user_id', 'id']],
  ['member_parent_owner_page_idx', 'member_parent', ['owner_user_id', 'child_id', 'parent_id']],
  ['interview_session_owner_page_idx', 'interview_session', ['owner_user_id', 'timestamp', 'id']],
  ['gedcom_kept_owner_page_idx', 'gedcom_kept', ['owner_user_id', 'id']],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of indexes) await db.schema.createIndex(name).on(table).columns(columns).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute()
}
