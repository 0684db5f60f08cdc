import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../../db/database.ts'
import type { SearchTerms } from '../../../shared/search/search-terms.ts'

/** Who searches, and what their role in the tree their pages show lets them see. */
export interface SearchReader {
  userId: string
  /** The tree the person's pages show (null: none yet). */
  treeId: string | null
  /** The account that tree's rows are kept under. */
  holderId: string
  /** Whether they see living people's facts (viewers do not, unless a person was opened to them). */
  seesLiving: boolean
  /** Births before this year are a hundred years ago or more (the living rule, checked in SQL). */
  livingBeforeYear: number
}

/** A document kind of the index (a person's facts are a row of their own). */
export type DocumentKind = 'memory' | 'interview' | 'dream' | 'story' | 'person' | 'person_facts' | 'media'

export interface SearchHit {
  group: string
  kind: DocumentKind
  itemId: string
  ownerUserId: string
  memberId: string | null
  title: string
  body: string
  at: Date | string | null
  total: number
  /** Whether the total stopped at the cap: there are more. */
  isTotalCapped: boolean
  /** The name of the person the text is about, when they are in the reader's tree. */
  memberName: string | null
  /** The reader's tree's card of the author (for a memory or story someone shared). */
  authorMemberId: string | null
  /** A person of the reader's tree that a file shows. */
  mediaMemberId: string | null
}

/** At most this many matches, the newest, are ranked and counted. */
export const candidateCap = 2000

/** The source tables and a column each one's update trigger watches: setting it to itself indexes the row again. */
const reindexedBy = [
  ['biography_entry', 'title'],
  ['interview_session', 'question'],
  ['dream_entry', 'title'],
  ['ai_lab_memory', 'original_text'],
  ['member', 'first_name'],
  ['media_asset', 'caption'],
] as const

function quoted(prefix: string, quote: string): string {
  return quote + prefix.split(quote).join(quote + quote) + quote
}

/** FTS5's query: every word, one of its prefixes. */
export function ftsQuery(terms: SearchTerms): string {
  return terms.map((prefixes) => `(${prefixes.map((prefix) => `${quoted(prefix, '"')}*`).join(' OR ')})`).join(' AND ')
}

/** PostgreSQL's tsquery, the same. */
export function tsQuery(terms: SearchTerms): string {
  return terms.map((prefixes) => `(${prefixes.map((prefix) => `${quoted(prefix.replace(/\\/g, ''), "'")}:*`).join(' | ')})`).join(' & ')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on snake_case names (the search tables are the triggers', not the features')
export function createSearchRepository(raw: Kysely<any>, dialect: Dialect) {
  const isPostgres = dialect === 'postgres'

  /**
   * Whether a viewer may see what is kept about the member in `alias` (facts, interviews, files):
   * opened to viewers, or surely dead. It asks less than `isLiving` (only a plain year, month or day
   * of birth counts as a century ago), so it may hide someone the card shows, never the reverse.
   */
  function openTo(reader: SearchReader, alias: string): RawBuilder<unknown> {
    if (reader.seesLiving) return sql`1 = 1`
    const m = sql.raw(alias)
    const before = String(reader.livingBeforeYear).padStart(4, '0')
    return isPostgres
      ? sql`(${m}.open_to_viewers OR ${m}.is_deceased OR coalesce(${m}.death_date, '') <> '' OR (${m}.birth_date ~ '^[0-9]{4}(-[0-9]{2}){0,2}$' AND substr(${m}.birth_date, 1, 4) < ${before}))`
      : sql`(${m}.open_to_viewers = 1 OR ${m}.is_deceased = 1 OR coalesce(${m}.death_date, '') <> '' OR ((${m}.birth_date GLOB '[0-9][0-9][0-9][0-9]' OR ${m}.birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]' OR ${m}.birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]') AND substr(${m}.birth_date, 1, 4) < ${before}))`
  }

  /** What the reader may see, row by row: decided in the query, so nothing hidden is counted or cut by the limit. */
  function visible(reader: SearchReader): RawBuilder<unknown> {
    const { userId, treeId, holderId } = reader
    return sql`(
      (d.kind IN ('memory', 'story', 'dream', 'media') AND d.owner_user_id = ${userId})
      OR (d.kind = 'memory' AND EXISTS (SELECT 1 FROM tree_shared_memory s WHERE s.tree_id = ${treeId} AND s.entry_id = d.item_id AND s.shared_by_user_id = d.owner_user_id))
      OR (d.kind = 'story' AND EXISTS (SELECT 1 FROM tree_shared_story s WHERE s.tree_id = ${treeId} AND s.story_id = d.item_id AND s.shared_by_user_id = d.owner_user_id))
      OR (d.kind = 'person' AND d.owner_user_id = ${holderId} AND m.tree_id = ${treeId})
      OR (d.kind IN ('person_facts', 'interview') AND d.owner_user_id = ${holderId} AND m.tree_id = ${treeId} AND ${openTo(reader, 'm')})
      OR (d.kind = 'media' AND d.owner_user_id = ${holderId} AND EXISTS (
        SELECT 1 FROM media_member_link l JOIN member lm ON lm.id = l.member_id WHERE l.media_id = d.item_id AND lm.tree_id = ${treeId} AND ${openTo(reader, 'lm')}))
      OR (d.kind = 'media' AND EXISTS (
        SELECT 1 FROM media_biography_entry_link l JOIN tree_shared_memory s ON s.entry_id = l.entry_id AND s.shared_by_user_id = l.owner_user_id
        WHERE l.media_id = d.item_id AND s.tree_id = ${treeId}))
    )`
  }

  return {
    /**
     * The best `limit` documents of each group the reader may see that hold every word of `terms`,
     * a person once (by their name or their facts), with each group's total.
     */
    async search(reader: SearchReader, terms: SearchTerms, kinds: DocumentKind[], limit: number): Promise<SearchHit[]> {
      if (terms.length === 0 || kinds.length === 0) return []
      const group = sql`CASE d.kind WHEN 'person_facts' THEN 'person' ELSE d.kind END`
      // The newest `candidateCap` matches are ranked and counted: a word found in tens of thousands
      // of texts is ranked among the latest of them rather than all of them, and each group then
      // says «more than» (the databases stop reading there, newest first, which keeps it quick).
      // Lower is better on both: bm25 is negative, ts_rank is turned so. Titles weigh more.
      // On PostgreSQL only the kept candidates are ranked (ts_rank reads each one's words).
      const candidates = isPostgres
        ? sql`SELECT c.doc_id, c.kind, c.item_id, c.grp, -ts_rank(c.words, to_tsquery('simple', ${tsQuery(terms)})) AS rank FROM (
            SELECT d.doc_id, d.kind, d.item_id, ${group} AS grp, d.words
            FROM search_document d LEFT JOIN member m ON m.id = d.member_id
            WHERE d.words @@ to_tsquery('simple', ${tsQuery(terms)}) AND d.kind IN (${sql.join(kinds)}) AND ${visible(reader)}
            ORDER BY d.doc_id DESC LIMIT ${candidateCap}) AS c`
        : sql`SELECT d.doc_id, d.kind, d.item_id, ${group} AS grp, bm25(search_fts, 4.0, 1.0) AS rank
            FROM search_fts JOIN search_document d ON d.doc_id = search_fts.rowid
            LEFT JOIN member m ON m.id = d.member_id
            WHERE search_fts MATCH ${ftsQuery(terms)} AND d.kind IN (${sql.join(kinds)}) AND ${visible(reader)}
            ORDER BY search_fts.rowid DESC LIMIT ${candidateCap}`
      const count = isPostgres ? sql`count(*) OVER (PARTITION BY grp)::int` : sql`count(*) OVER (PARTITION BY grp)`
      const most = isPostgres ? sql`all_count::int` : sql`all_count`
      const name = sql`trim(coalesce(pm.first_name, '') || ' ' || coalesce(pm.last_name, ''))`
      const query = sql<{
        grp: string
        kind: DocumentKind
        item_id: string
        owner_user_id: string
        member_id: string | null
        title: string
        body: string
        at: Date | string | null
        total: number
        most: number
        member_name: string | null
        author_member_id: string | null
        media_member_id: string | null
      }>`
        WITH hits AS (${candidates}),
        counted AS (SELECT hits.*, count(*) OVER () AS all_count FROM hits),
        single AS (SELECT counted.*, row_number() OVER (PARTITION BY grp, item_id ORDER BY rank) AS copy FROM counted),
        ranked AS (SELECT single.*, row_number() OVER (PARTITION BY grp ORDER BY rank, item_id) AS place, ${count} AS total, ${most} AS most FROM single WHERE copy = 1)
        SELECT r.grp, r.kind, r.item_id, d.owner_user_id, d.member_id, d.title, d.body, d.at, r.total, r.most,
          (SELECT ${name} FROM member pm WHERE pm.id = d.member_id AND pm.tree_id = ${reader.treeId}) AS member_name,
          CASE WHEN r.kind IN ('memory', 'story') AND d.owner_user_id <> ${reader.userId}
            THEN (SELECT am.id FROM member am WHERE am.tree_id = ${reader.treeId} AND am.linked_user_id = d.owner_user_id ORDER BY am.id LIMIT 1) END AS author_member_id,
          CASE WHEN r.kind = 'media'
            THEN (SELECT l.member_id FROM media_member_link l JOIN member lm ON lm.id = l.member_id WHERE l.media_id = r.item_id AND lm.tree_id = ${reader.treeId} ORDER BY l.member_id LIMIT 1) END AS media_member_id
        FROM ranked r JOIN search_document d ON d.doc_id = r.doc_id
        WHERE r.place <= ${limit}
        ORDER BY r.grp, r.place`
      // PostgreSQL prices the newest-first read at its worst case (every row), which is above the
      // JIT's threshold: compiling the plan took 1.5 s of a 5 ms query. One statement, so no JIT.
      const result = isPostgres
        ? await raw.transaction().execute(async (trx) => {
            await sql`SET LOCAL jit = off`.execute(trx)
            return query.execute(trx)
          })
        : await query.execute(raw)
      return result.rows.map((row) => ({
        group: row.grp,
        kind: row.kind,
        itemId: row.item_id,
        ownerUserId: row.owner_user_id,
        memberId: row.member_id,
        title: row.title,
        body: row.body,
        at: row.at,
        total: Number(row.total),
        isTotalCapped: Number(row.most) >= candidateCap,
        memberName: row.member_name || null,
        authorMemberId: row.author_member_id,
        mediaMemberId: row.media_member_id,
      }))
    },

    /**
     * Builds the index again from the source tables, in one transaction: every row's update trigger
     * writes its document again, so the rebuild and the triggers can never disagree.
     */
    async rebuild(): Promise<number> {
      return raw.transaction().execute(async (trx) => {
        await sql`DELETE FROM search_document`.execute(trx)
        for (const [table, column] of reindexedBy) await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)}`.execute(trx)
        // FTS5's own tables are rebuilt from the content table, in case they were what went wrong.
        if (!isPostgres) await sql`INSERT INTO search_fts (search_fts) VALUES ('rebuild')`.execute(trx)
        const counted = await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_document`.execute(trx)
        return Number(counted.rows[0]?.n ?? 0)
      })
    },
  }
}
export type SearchRepository = ReturnType<typeof createSearchRepository>
