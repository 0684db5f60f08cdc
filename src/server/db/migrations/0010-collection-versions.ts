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

/**
 * Statement triggers with transition tables: an import of thousands of dreams bumps each owner
 * once. The version table is the one beside the table written (`TG_TABLE_SCHEMA`), whatever the
 * writer's search path, and still after a restore into a schema of another name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Dynamic SQL for the schema's and the owner column's names; the transition tables are visible
  // to it. Arguments: the collection, then the column holding the owner's id.
  const upsert = (owners: string) => `
    execute format('insert into %1$I.collection_version (owner_id, collection, version)
      select owner, %2$L, md5(random()::text || clock_timestamp()::text) from (${owners}) as changed (owner)
      on conflict (owner_id, collection) do update set version = excluded.version', TG_TABLE_SCHEMA, TG_ARGV[0], TG_ARGV[1]);`
  await sql
    .raw(
      `create function bump_collection_version() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then ${upsert('select distinct %3$I from new_rows')}
        elsif TG_OP = 'UPDATE' then ${upsert('select %3$I from new_rows union select %3$I from old_rows')}
        else ${upsert('select distinct %3$I from old_rows')}
        end if;
        return null;
      end $$`,
    )
    .execute(db)
  await sql`create trigger dream_entry_version_insert after insert on dream_entry referencing new table as new_rows for each statement execute function bump_collection_version('dreams', 'author_user_id')`.execute(
    db,
  )
  await sql`create trigger dream_entry_version_update after update on dream_entry referencing old table as old_rows new table as new_rows for each statement execute function bump_collection_version('dreams', 'author_user_id')`.execute(
    db,
  )
  await sql`create trigger dream_entry_version_delete after delete on dream_entry referencing old table as old_rows for each statement execute function bump_collection_version('dreams', 'author_user_id')`.execute(
    db,
  )
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
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger if exists dream_entry_version_${event}${db.getExecutor().adapter instanceof PostgresAdapter ? ' on dream_entry' : ''}`).execute(db)
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists bump_collection_version()`.execute(db)
  await db.schema.dropTable('collection_version').execute()
}
