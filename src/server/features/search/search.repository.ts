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
  /** The name of the person the text is about, when they are in the reader's tree. */
  memberName: string | null
  /** The reader's tree's card of the author (for a memory or story someone shared). */
  authorMemberId: string | null
  /** A person of the reader's tree that a file shows. */
  mediaMemberId: string | null
}

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
      // Lower is better on both: bm25 is negative, ts_rank is turned so. Titles weigh more.
      const hits = isPostgres
        ? sql`SELECT d.kind, d.item_id, d.owner_user_id, d.member_id, d.title, d.body, d.at, ${group} AS grp, -ts_rank(d.words, q) AS rank
            FROM search_document d CROSS JOIN to_tsquery('simple', ${tsQuery(terms)}) q
            LEFT JOIN member m ON m.id = d.member_id
            WHERE d.words @@ q AND d.kind IN (${sql.join(kinds)}) AND ${visible(reader)}`
        : sql`SELECT d.kind, d.item_id, d.owner_user_id, d.member_id, d.title, d.body, d.at, ${group} AS grp, bm25(search_fts, 4.0, 1.0) AS rank
            FROM search_fts JOIN search_document d ON d.doc_id = search_fts.rowid
            LEFT JOIN member m ON m.id = d.member_id
            WHERE search_fts MATCH ${ftsQuery(terms)} AND d.kind IN (${sql.join(kinds)}) AND ${visible(reader)}`
      const count = isPostgres ? sql`count(*) OVER (PARTITION BY grp)::int` : sql`count(*) OVER (PARTITION BY grp)`
      const name = sql`trim(coalesce(pm.first_name, '') || ' ' || coalesce(pm.last_name, ''))`
      const result = await sql<{
        grp: string
        kind: DocumentKind
        item_id: string
        owner_user_id: string
        member_id: string | null
        title: string
        body: string
        at: Date | string | null
        total: number
        member_name: string | null
        author_member_id: string | null
        media_member_id: string | null
      }>`
        WITH hits AS (${hits}),
        single AS (SELECT hits.*, row_number() OVER (PARTITION BY grp, item_id ORDER BY rank) AS copy FROM hits),
        ranked AS (SELECT single.*, row_number() OVER (PARTITION BY grp ORDER BY rank, item_id) AS place, ${count} AS total FROM single WHERE copy = 1)
        SELECT r.grp, r.kind, r.item_id, r.owner_user_id, r.member_id, r.title, r.body, r.at, r.total,
          (SELECT ${name} FROM member pm WHERE pm.id = r.member_id AND pm.tree_id = ${reader.treeId}) AS member_name,
          CASE WHEN r.kind IN ('memory', 'story') AND r.owner_user_id <> ${reader.userId}
            THEN (SELECT am.id FROM member am WHERE am.tree_id = ${reader.treeId} AND am.linked_user_id = r.owner_user_id ORDER BY am.id LIMIT 1) END AS author_member_id,
          CASE WHEN r.kind = 'media'
            THEN (SELECT l.member_id FROM media_member_link l JOIN member lm ON lm.id = l.member_id WHERE l.media_id = r.item_id AND lm.tree_id = ${reader.treeId} ORDER BY l.member_id LIMIT 1) END AS media_member_id
        FROM ranked r WHERE r.place <= ${limit}
        ORDER BY r.grp, r.place`.execute(raw)
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
