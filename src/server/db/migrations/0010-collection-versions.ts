import { randomUUID } from 'node:crypto'
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A per-owner version of each list the server keeps ready-made answers for. The database's own
// triggers replace it in the same transaction as every write to the list's rows, whoever writes
// them (a route, an import, a cascade from account deletion, a hand-run SQL statement), so every
// server process on the database sees a change on its next read. A version is a random token,
// never a counter: a database restored from a backup cannot bring back a number some process
// already holds an answer for with other contents.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign key to the user: deleting an account deletes its dreams, whose triggers then write
  // the owner's version once more; the account's deletion removes that row afterwards.
  await db.schema
    .createTable('collection_version')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_version_pkey', ['owner_id', 'collection'])
    .execute()

  // Lists written before this migration get a version now, so they are served from the cache too.
  const initial = randomUUID().replaceAll('-', '')
  await sql`insert into collection_version (owner_id, collection, version)
    select distinct author_user_id, 'dreams', ${sql.lit(initial)} from dream_entry`.execute(db)

  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db)
  else await sqliteTriggers(db)
}

/** Statement triggers with transition tables: an import of thousands of dreams bumps each owner once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  // Named in full: a trigger runs with the search path of whoever writes, not of this migration.
  const table = `"${rows[0]!.schema.replaceAll('"', '""')}".collection_version`
  const upsert = (owners: string) => `
    insert into ${table} (owner_id, collection, version)
      select owner, 'dreams', replace(gen_random_uuid()::text, '-', '') from (${owners}) as changed (owner)
      on conflict (owner_id, collection) do update set version = excluded.version;`
  await sql
    .raw(
      `create function dream_entry_bump_version() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then ${upsert('select distinct author_user_id from new_rows')}
        elsif TG_OP = 'UPDATE' then ${upsert('select author_user_id from new_rows union select author_user_id from old_rows')}
        else ${upsert('select distinct author_user_id from old_rows')}
        end if;
        return null;
      end $$`,
    )
    .execute(db)
  await sql`create trigger dream_entry_version_insert after insert on dream_entry referencing new table as new_rows for each statement execute function dream_entry_bump_version()`.execute(db)
  await sql`create trigger dream_entry_version_update after update on dream_entry referencing old table as old_rows new table as new_rows for each statement execute function dream_entry_bump_version()`.execute(db)
  await sql`create trigger dream_entry_version_delete after delete on dream_entry referencing old table as old_rows for each statement execute function dream_entry_bump_version()`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const upsert = (owner: string) => `
    insert into collection_version (owner_id, collection, version) values (${owner}, 'dreams', lower(hex(randomblob(16))))
      on conflict (owner_id, collection) do update set version = excluded.version;`
  await sql.raw(`create trigger dream_entry_version_insert after insert on dream_entry begin ${upsert('new.author_user_id')} end`).execute(db)
  await sql.raw(`create trigger dream_entry_version_update after update on dream_entry begin ${upsert('old.author_user_id')} ${upsert('new.author_user_id')} end`).execute(db)
  await sql.raw(`create trigger dream_entry_version_delete after delete on dream_entry begin ${upsert('old.author_user_id')} end`).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists dream_entry_version_${event}${db.getExecutor().adapter instanceof PostgresAdapter ? ' on dream_entry' : ''}`).execute(db)
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists dream_entry_bump_version()`.execute(db)
  await db.schema.dropTable('collection_version').execute()
}
