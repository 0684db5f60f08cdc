import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// Words no text holds any more are pruned from `search_word`: a prune locks the list against every
// writer (SHARE ROW EXCLUSIVE), then deletes the words no document holds. A writer that lists words
// meanwhile waits for it, and must then read the list as the prune left it: a word it saw listed
// before the wait may be gone, and would never be listed again. So the trigger takes the list's
// lock in a statement of its own, and the INSERT … WHERE NOT EXISTS that follows reads the list
// with a snapshot taken after any wait. (PostgreSQL 15 happens to lock an INSERT's table before it
// takes the INSERT's snapshot as well; no documentation promises that order.) SQLite keeps no list.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`CREATE OR REPLACE FUNCTION search_word_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE search_word IN ROW EXCLUSIVE MODE;
      INSERT INTO search_word (word) SELECT w FROM unnest(tsvector_to_array(NEW.words)) AS w
        WHERE NOT EXISTS (SELECT 1 FROM search_word s WHERE s.word = w);
      RETURN NULL;
    END $$`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`CREATE OR REPLACE FUNCTION search_word_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_word (word) SELECT w FROM unnest(tsvector_to_array(NEW.words)) AS w
        WHERE NOT EXISTS (SELECT 1 FROM search_word s WHERE s.word = w);
      RETURN NULL;
    END $$`.execute(db)
}
