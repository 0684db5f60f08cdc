import { randomUUID } from 'node:crypto'
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A version of each family tree, kept as the dreams' list version is (migration 0010): the
// database's triggers replace it in the same transaction as every write to the tree's own row or
// to its people, whoever writes them (a form's save, an import, a restore, a keeper handing the
// tree over, an invitation linking a card, a cascade from an account's deletion). The tree page's
// index of names is built once per version. Parent links and unions are left out: no write
// changes them without also writing the tree's row (its last modification), and an import of
// 100,000 people writes as many links again, each a trigger's work on SQLite.

const collection = 'family-tree'
const tables = ['family_tree', 'member'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  // Trees written before this migration get a version now, so their index is kept too.
  const initial = randomUUID().replaceAll('-', '')
  await sql`insert into collection_version (owner_id, collection, version)
    select owner_user_id, ${collection}, ${initial} from family_tree`.execute(db)

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // bump_collection_version() is migration 0010's: statement triggers, one bump per statement.
    for (const table of tables) {
      await sql
        .raw(
          `create trigger ${table}_version_insert after insert on ${table} referencing new table as new_rows for each statement execute function bump_collection_version('${collection}', 'owner_user_id')`,
        )
        .execute(db)
      await sql
        .raw(
          `create trigger ${table}_version_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function bump_collection_version('${collection}', 'owner_user_id')`,
        )
        .execute(db)
      await sql
        .raw(
          `create trigger ${table}_version_delete after delete on ${table} referencing old table as old_rows for each statement execute function bump_collection_version('${collection}', 'owner_user_id')`,
        )
        .execute(db)
    }
    return
  }
  const upsert = (owner: string) => `
    insert into collection_version (owner_id, collection, version) values (${owner}, '${collection}', lower(hex(randomblob(16))))
      on conflict (owner_id, collection) do update set version = excluded.version;`
  for (const table of tables) {
    await sql.raw(`create trigger ${table}_version_insert after insert on ${table} begin ${upsert('new.owner_user_id')} end`).execute(db)
    // Only a change of holder writes the old one's version as well: most updates keep the holder.
    await sql.raw(`create trigger ${table}_version_update after update on ${table} begin ${upsert('new.owner_user_id')} end;`).execute(db)
    await sql
      .raw(
        `create trigger ${table}_version_moved after update of owner_user_id on ${table} when old.owner_user_id is not new.owner_user_id begin ${upsert('old.owner_user_id')} end`,
      )
      .execute(db)
    await sql.raw(`create trigger ${table}_version_delete after delete on ${table} begin ${upsert('old.owner_user_id')} end`).execute(db)
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of tables)
    for (const event of ['insert', 'update', 'moved', 'delete']) await sql.raw(`drop trigger if exists ${table}_version_${event}${isPostgres ? ` on ${table}` : ''}`).execute(db)
  await sql`delete from collection_version where collection = ${collection}`.execute(db)
}
