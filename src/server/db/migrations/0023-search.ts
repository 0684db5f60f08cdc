import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// One search box across everything a person may see. Every text worth finding is copied into one
// table, search_document (a row per memory, interview, dream, AI-lab story, person, person's facts
// and captioned file), by triggers on the tables that hold it: every write path (a hand edit, a
// chat's save, an import of 100,000 people, a tree moving to a keeper, an account deleted) keeps
// the index in its own transaction without knowing about it. SQLite finds words with an FTS5 table
// over it (accents removed by its tokenizer); PostgreSQL with a tsvector of the unaccented text.
// Neither stems: the query's words are stemmed by the app, the same on both, and matched as prefixes.
// Who may see a row is decided when searching, from the source tables (shares, roles, the living).

/** What each source table writes: its document kind, and the SQL of each column from its NEW row. */
interface Source {
  table: string
  kind: string
  /** The columns whose change re-indexes the row. */
  watched: string[]
  owner: string
  member: string
  title: string
  body: string
  at: string
  /** A row that is no text to find (a skipped question, a file without a caption). */
  skip: string
}

function sources(conversationText: (column: string) => string, isPostgres: boolean): Source[] {
  const no = isPostgres ? 'false' : '0'
  const name = `trim(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, ''))`
  return [
    {
      table: 'biography_entry',
      kind: 'memory',
      watched: ['title', 'question', 'conversation_pair', 'is_skip', 'author_user_id', 'subject_member_id'],
      owner: 'NEW.author_user_id',
      member: 'NEW.subject_member_id',
      title: 'NEW.title',
      body: `coalesce(NEW.question, '') || ' ' || ${conversationText('NEW.conversation_pair')}`,
      at: 'NEW.entry_date',
      skip: 'NEW.is_skip <> 0',
    },
    {
      table: 'interview_session',
      kind: 'interview',
      watched: ['question', 'conversation_pair', 'is_skip', 'owner_user_id', 'interviewed_member_id'],
      owner: 'NEW.owner_user_id',
      member: 'NEW.interviewed_member_id',
      title: `''`,
      body: `coalesce(NEW.question, '') || ' ' || ${conversationText('NEW.conversation_pair')}`,
      at: 'NEW.timestamp',
      skip: 'NEW.is_skip <> 0',
    },
    {
      table: 'dream_entry',
      kind: 'dream',
      watched: ['title', 'content', 'author_user_id'],
      owner: 'NEW.author_user_id',
      member: 'NULL',
      title: 'NEW.title',
      body: 'NEW.content',
      at: 'NEW.entry_date',
      skip: no,
    },
    {
      table: 'ai_lab_memory',
      kind: 'story',
      watched: ['original_text', 'ai_variation_text', 'user_id'],
      owner: 'NEW.user_id',
      member: 'NULL',
      title: `''`,
      body: `NEW.original_text || ' ' || coalesce(NEW.ai_variation_text, '')`,
      at: 'NEW.timestamp',
      skip: no,
    },
    // A person is two rows: the name and relation (what a viewer may find of anyone), and the facts
    // (places, notes, summary, events), which a viewer finds only of people not closed to them.
    {
      table: 'member',
      kind: 'person',
      watched: ['first_name', 'last_name', 'relationship_to_owner', 'owner_user_id'],
      owner: 'NEW.owner_user_id',
      member: 'NEW.id',
      title: name,
      body: 'NEW.relationship_to_owner',
      at: 'NULL',
      skip: no,
    },
    {
      table: 'member',
      kind: 'person_facts',
      watched: ['first_name', 'last_name', 'birth_place', 'death_place', 'notes', 'bio_summary', 'key_life_events', 'owner_user_id'],
      owner: 'NEW.owner_user_id',
      member: 'NEW.id',
      title: name,
      body: `concat_ws(' ', NEW.birth_place, NEW.death_place, NEW.notes, NEW.bio_summary, ${isPostgres ? `search_json_strings(NEW.key_life_events)` : `(SELECT group_concat(value, ' ') FROM json_each(CASE WHEN json_valid(NEW.key_life_events) THEN NEW.key_life_events ELSE '[]' END))`})`,
      at: 'NULL',
      skip: `trim(concat_ws('', NEW.birth_place, NEW.death_place, NEW.notes, NEW.bio_summary, CASE WHEN NEW.key_life_events = '[]' THEN '' ELSE NEW.key_life_events END)) = ''`,
    },
    {
      table: 'media_asset',
      kind: 'media',
      watched: ['caption', 'owner_user_id'],
      owner: 'NEW.owner_user_id',
      member: 'NULL',
      title: 'NEW.caption',
      body: `''`,
      at: 'NEW.uploaded_at',
      skip: `trim(NEW.caption) = ''`,
    },
  ]
}

const insertColumns = 'kind, item_id, owner_user_id, member_id, title, body, at'
const insertValues = (source: Source) => `'${source.kind}', NEW.id, ${source.owner}, ${source.member}, coalesce(${source.title}, ''), coalesce(${source.body}, ''), ${source.at}`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
async function upSqlite(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db)
  await run(`CREATE TABLE search_document (
    doc_id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    owner_user_id TEXT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
    member_id TEXT,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    at TEXT,
    UNIQUE (kind, item_id))`)
  await run(`CREATE INDEX search_document_owner_idx ON search_document (owner_user_id)`)
  // External content: the words are indexed, the text is read from search_document.
  await run(`CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content = 'search_document', content_rowid = 'doc_id', tokenize = 'unicode61 remove_diacritics 2')`)
  await run(`CREATE TRIGGER search_document_ai AFTER INSERT ON search_document BEGIN
    INSERT INTO search_fts (rowid, title, body) VALUES (NEW.doc_id, NEW.title, NEW.body); END`)
  await run(`CREATE TRIGGER search_document_ad AFTER DELETE ON search_document BEGIN
    INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', OLD.doc_id, OLD.title, OLD.body); END`)
  await run(`CREATE TRIGGER search_document_au AFTER UPDATE ON search_document BEGIN
    INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', OLD.doc_id, OLD.title, OLD.body);
    INSERT INTO search_fts (rowid, title, body) VALUES (NEW.doc_id, NEW.title, NEW.body); END`)

  // A conversation's words, never its JSON keys: `[{ role, text }]` or `[{ role, parts: [{ text }] }]`.
  const conversationText = (column: string) => `coalesce((SELECT group_concat(words, ' ') FROM (
      SELECT json_extract(turn.value, '$.text') AS words FROM json_each(CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END) AS turn
      UNION ALL
      SELECT json_extract(part.value, '$.text') FROM json_each(CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END) AS turn, json_each(turn.value, '$.parts') AS part
      WHERE json_type(turn.value) = 'object')), '')`
  for (const source of sources(conversationText, false)) {
    const name = `search_${source.kind}`
    const insert = `INSERT INTO search_document (${insertColumns}) SELECT ${insertValues(source)} WHERE NOT (${source.skip});`
    const remove = `DELETE FROM search_document WHERE kind = '${source.kind}' AND item_id = OLD.id;`
    await run(`CREATE TRIGGER ${name}_ai AFTER INSERT ON ${source.table} BEGIN ${insert} END`)
    await run(`CREATE TRIGGER ${name}_au AFTER UPDATE OF ${source.watched.join(', ')} ON ${source.table} BEGIN ${remove} ${insert} END`)
    await run(`CREATE TRIGGER ${name}_ad AFTER DELETE ON ${source.table} BEGIN ${remove} END`)
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
async function upPostgres(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db)
  // unaccent is a trusted extension: the database's owner may create it. In public when allowed, so
  // that dropping one Legado's schema (DATABASE_SCHEMA) never takes it from another's.
  await run(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public; EXCEPTION WHEN others THEN CREATE EXTENSION IF NOT EXISTS unaccent; END $$`)
  const found = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`.execute(db)
  const home = `"${found.rows[0]!.schema.replace(/"/g, '""')}"`
  // unaccent() is only STABLE (it reads its dictionary by name); named by schema, it may be declared
  // IMMUTABLE, which a stored column and its index need.
  await run(`CREATE FUNCTION search_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT ${home}.unaccent('${home}.unaccent'::regdictionary, $1) $$`)
  // A conversation's words, never its JSON keys; text that is no JSON gives no words rather than an error.
  await run(`CREATE FUNCTION search_conversation_text(pair text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      RETURN coalesce((SELECT string_agg(words, ' ') FROM (
        SELECT turn ->> 'text' AS words FROM jsonb_array_elements(pair::jsonb) AS turn
        UNION ALL
        SELECT part ->> 'text' FROM jsonb_array_elements(pair::jsonb) AS turn,
          jsonb_array_elements(CASE WHEN jsonb_typeof(turn -> 'parts') = 'array' THEN turn -> 'parts' ELSE '[]'::jsonb END) AS part) AS texts), '');
    EXCEPTION WHEN others THEN RETURN '';
    END $$`)
  await run(`CREATE FUNCTION search_json_strings(list text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      RETURN coalesce((SELECT string_agg(value, ' ') FROM jsonb_array_elements_text(list::jsonb) AS value), '');
    EXCEPTION WHEN others THEN RETURN '';
    END $$`)
  await run(`CREATE TABLE search_document (
    doc_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL,
    item_id text NOT NULL,
    owner_user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
    member_id text,
    title text NOT NULL,
    body text NOT NULL,
    at timestamptz,
    words tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, search_unaccent(title)), 'A') || to_tsvector('simple'::regconfig, search_unaccent(body))) STORED,
    UNIQUE (kind, item_id))`)
  await run(`CREATE INDEX search_document_owner_idx ON search_document (owner_user_id)`)
  await run(`CREATE INDEX search_document_words_idx ON search_document USING gin (words)`)

  for (const source of sources((column) => `search_conversation_text(${column})`, true)) {
    const name = `search_${source.kind}`
    await run(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN DELETE FROM search_document WHERE kind = '${source.kind}' AND item_id = OLD.id; END IF;
        IF TG_OP <> 'DELETE' AND NOT (${source.skip}) THEN
          INSERT INTO search_document (${insertColumns}) VALUES (${insertValues(source)});
        END IF;
        RETURN NULL;
      END $$`)
    await run(`CREATE TRIGGER ${name}_ai AFTER INSERT OR DELETE ON ${source.table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
    await run(`CREATE TRIGGER ${name}_au AFTER UPDATE OF ${source.watched.join(', ')} ON ${source.table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
  }
}

/** Every source table and a column its update trigger watches: setting it to itself re-indexes the row. */
const reindexedBy = [
  ['biography_entry', 'title'],
  ['interview_session', 'question'],
  ['dream_entry', 'title'],
  ['ai_lab_memory', 'original_text'],
  ['member', 'first_name'],
  ['media_asset', 'caption'],
] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  await (isPostgres ? upPostgres(db) : upSqlite(db))
  // What was written before: each row's update trigger indexes it.
  for (const [table, column] of reindexedBy) await sql.raw(`UPDATE ${table} SET ${column} = ${column}`).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const kinds = ['memory', 'interview', 'dream', 'story', 'person', 'person_facts', 'media']
  if (isPostgres) {
    for (const kind of kinds) await sql.raw(`DROP FUNCTION IF EXISTS search_${kind}() CASCADE`).execute(db)
    await sql.raw(`DROP TABLE search_document`).execute(db)
    for (const fn of ['search_unaccent(text)', 'search_conversation_text(text)', 'search_json_strings(text)']) await sql.raw(`DROP FUNCTION ${fn}`).execute(db)
    return
  }
  for (const kind of kinds) for (const when of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS search_${kind}_${when}`).execute(db)
  await sql.raw(`DROP TABLE search_fts`).execute(db)
  await sql.raw(`DROP TABLE search_document`).execute(db)
}
