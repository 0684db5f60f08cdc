import type { Kysely } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// What a GEDCOM import brought that Legado does not show (sources, burials, occupations, a name's
// title, a place's coordinates, `_` tags…), kept as the file had it so an export writes it back.
// A row belongs to a member, a union, or (neither) a record they point to; deleting the member or
// union deletes its row, and deleting the account deletes them all.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gedcom_kept')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.references('member.id').onDelete('cascade'))
    .addColumn('union_id', 'text', (c) => c.references('family_union.id').onDelete('cascade'))
    // Who the row is in its file: `<namespace>:<xref>` of the person, family or record.
    .addColumn('record_key', 'text', (c) => c.notNull())
    // JSON: the structures, each { tag, value?, pointer?, children? }.
    .addColumn('structures', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('gedcom_kept_owner_idx').on('gedcom_kept').columns(['owner_user_id', 'record_key']).execute()
  await db.schema.createIndex('gedcom_kept_member_idx').on('gedcom_kept').column('member_id').execute()
  await db.schema.createIndex('gedcom_kept_union_idx').on('gedcom_kept').column('union_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gedcom_kept').execute()
}
