import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A search word is a prefix of the words it finds («cancion» finds «canciones»). PostgreSQL's word
// index answers a prefix by gathering the rows of every word that starts with it into a bitmap
// before it can combine them with the other words', so three common words at once cost tens of
// milliseconds. Asked for the words themselves («canciones» | «cancionero»), it walks their lists
// side by side and skips ahead by the rarest: a few milliseconds. `search_word` lists every word
// the index holds, so the search can turn each prefix into those words, with the same answer.
// It is kept by a trigger in the transaction that writes the text, so a text found by a prefix
// always has its words listed; words of deleted texts stay until a rebuild (they find nothing).
// No unique key: two imports writing the same new word at once would wait on each other's key,
// in any order, and could deadlock; a word listed twice is read once. SQLite's FTS5 answers
// prefixes from its own index and needs nothing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  // Byte order ("C"), so that the words starting with a prefix are one range of the index.
  await sql`CREATE TABLE search_word (word text COLLATE "C" NOT NULL)`.execute(db)
  await sql`CREATE INDEX search_word_idx ON search_word (word)`.execute(db)
  await sql`CREATE FUNCTION search_word_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_word (word) SELECT w FROM unnest(tsvector_to_array(NEW.words)) AS w
        WHERE NOT EXISTS (SELECT 1 FROM search_word s WHERE s.word = w);
      RETURN NULL;
    END $$`.execute(db)
  await sql`CREATE TRIGGER search_document_words AFTER INSERT OR UPDATE OF title, body ON search_document FOR EACH ROW EXECUTE FUNCTION search_word_list()`.execute(db)
  await sql`INSERT INTO search_word (word) SELECT DISTINCT unnest(tsvector_to_array(words)) FROM search_document`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`DROP TRIGGER search_document_words ON search_document`.execute(db)
  await sql`DROP FUNCTION search_word_list()`.execute(db)
  await sql`DROP TABLE search_word`.execute(db)
}
