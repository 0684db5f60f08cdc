import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../../db/database.ts'
import type { SearchTerms } from '../../../shared/search/search-terms.ts'
import { createSearchWords, quoted, tsQuery } from './search.words.ts'

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
export const defaultCandidateCap = 2000

/** A match before it is shown: lower ranks are better (bm25 is negative, ts_rank is turned so). */
interface Candidate {
  docId: number
  kind: DocumentKind
  itemId: string
  rank: number
}
interface CandidateRow {
  doc_id: string | number
  kind: DocumentKind
  item_id: string
  rank: string | number
}
const candidateOf = (row: CandidateRow): Candidate => ({ docId: Number(row.doc_id), kind: row.kind, itemId: row.item_id, rank: Number(row.rank) })

/** The group a document's result is shown in: a person's facts are the person. */
const groupOf = (kind: DocumentKind): string => (kind === 'person_facts' ? 'person' : kind)

/**
 * Each group's best `limit` candidates and how many it holds, the groups in their names' order. A
 * person found by their name and by their facts counts once, by the better; equal ranks are ordered
 * by id, in byte order, so that both databases answer alike.
 */
export function bestOfEachGroup(candidates: Candidate[], limit: number): { group: string; total: number; best: Candidate[] }[] {
  const single = new Map<string, Map<string, Candidate>>()
  for (const candidate of candidates) {
    const group = groupOf(candidate.kind)
    const items = single.get(group) ?? new Map<string, Candidate>()
    const other = items.get(candidate.itemId)
    if (!other || candidate.rank < other.rank) items.set(candidate.itemId, candidate)
    single.set(group, items)
  }
  const byRank = (x: Candidate, y: Candidate) => x.rank - y.rank || (x.itemId < y.itemId ? -1 : x.itemId > y.itemId ? 1 : 0)
  return [...single].sort(([x], [y]) => (x < y ? -1 : 1)).map(([group, items]) => ({ group, total: items.size, best: [...items.values()].sort(byRank).slice(0, limit) }))
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

/** FTS5's query: every word, one of its prefixes. */
export function ftsQuery(terms: SearchTerms): string {
  return terms.map((prefixes) => `(${prefixes.map((prefix) => `${quoted(prefix, '"')}*`).join(' OR ')})`).join(' AND ')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on snake_case names (the search tables are the triggers', not the features')
export function createSearchRepository(raw: Kysely<any>, dialect: Dialect, { candidateCap = defaultCandidateCap } = {}) {
  const isPostgres = dialect === 'postgres'
  const wordList = createSearchWords(raw)

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

  /**
   * The newest `candidateCap` documents holding `words` that the reader may see, each ranked by
   * `ranking` (PostgreSQL). Asked in one query, with who-may-see-what's ORs and the member join, the
   * planner misjudged how many rows match and read every match of a common word through the word
   * index (20,000 wide rows sorted to keep 2,000: 50–130 ms). Asked plainly — one owner's texts with
   * these words, newest first — it chooses well: a common word is read newest first through
   * (owner, doc_id) and the read stops at the cap; a rare one comes from the word index. Who may see
   * each row, and its rank, are then computed on the rows read, from the columns that read brought
   * (no second look at the table), and the next rows read when some were hidden. What others shared
   * into the tree (a few texts) is read apart.
   */
  async function newestMatches(reader: SearchReader, kinds: DocumentKind[], words: RawBuilder<unknown>, ranking: RawBuilder<unknown>): Promise<Candidate[]> {
    const owners = [...new Set([reader.holderId, reader.userId])]
    const found: Candidate[] = []
    for (const owner of owners) {
      let kept = 0
      let read = 0
      // A reader kept from the living loses some rows to who-may-see-what: a quarter more at first.
      let batch = reader.seesLiving ? candidateCap : Math.ceil(candidateCap * 1.25)
      for (let below = Number.MAX_SAFE_INTEGER; ;) {
        const { rows } = await sql<CandidateRow & { seen: boolean }>`SELECT d.doc_id, d.kind, d.item_id, -ts_rank(d.words, ${ranking}) AS rank, ${visible(reader)} AS seen
          FROM (SELECT doc_id, kind, item_id, owner_user_id, member_id, words FROM search_document
            WHERE owner_user_id = ${owner} AND doc_id < ${below} AND kind IN (${sql.join(kinds)}) AND ${words} ORDER BY doc_id DESC LIMIT ${batch}) AS d
          LEFT JOIN member m ON m.id = d.member_id
          ORDER BY d.doc_id DESC`.execute(raw)
        for (const row of rows) {
          if (!row.seen || kept === candidateCap) continue
          found.push(candidateOf(row))
          kept += 1
        }
        read += rows.length
        if (kept === candidateCap || rows.length < batch) break
        below = Number(rows.at(-1)!.doc_id)
        // The next read is sized by the share of rows shown so far, with a margin, and grows at most
        // fourfold (a reader shown nothing yet reads 4, 16, 64 times the first batch).
        const shown = Math.max(kept, 1) / read
        batch = Math.min(Math.ceil(((candidateCap - kept) / shown) * 1.25), 4 * batch)
      }
    }
    if (reader.treeId !== null) {
      const { rows } = await sql<CandidateRow>`SELECT d.doc_id, d.kind, d.item_id, -ts_rank(d.words, ${ranking}) AS rank
        FROM search_document d LEFT JOIN member m ON m.id = d.member_id
        WHERE d.owner_user_id NOT IN (${sql.join(owners)}) AND ${words} AND d.kind IN (${sql.join(kinds)}) AND ${visible(reader)} AND (d.kind, d.item_id) IN (
          SELECT 'memory', s.entry_id FROM tree_shared_memory s WHERE s.tree_id = ${reader.treeId}
          UNION ALL SELECT 'story', s.story_id FROM tree_shared_story s WHERE s.tree_id = ${reader.treeId}
          UNION ALL SELECT 'media', l.media_id FROM media_biography_entry_link l
            JOIN tree_shared_memory s ON s.entry_id = l.entry_id AND s.shared_by_user_id = l.owner_user_id WHERE s.tree_id = ${reader.treeId})
        ORDER BY d.doc_id DESC LIMIT ${candidateCap}`.execute(raw)
      for (const row of rows) found.push(candidateOf(row))
    }
    // Each list is whole down to its last id, or holds the cap: the newest of all are in their union.
    return found.sort((x, y) => y.docId - x.docId).slice(0, candidateCap)
  }

  /** The `candidateCap` newest documents the reader may see that hold every word of `terms`, ranked. */
  async function candidatesOf(reader: SearchReader, terms: SearchTerms, kinds: DocumentKind[]): Promise<Candidate[]> {
    if (isPostgres) {
      const words = await wordList.wordsQuery(terms)
      return words ? newestMatches(reader, kinds, words, sql`to_tsquery('simple', ${tsQuery(terms)})`) : []
    }
    // FTS5 reads its matches newest first and stops at the cap. Titles weigh more.
    const { rows } = await sql<CandidateRow>`SELECT d.doc_id, d.kind, d.item_id, bm25(search_fts, 4.0, 1.0) AS rank
      FROM search_fts JOIN search_document d ON d.doc_id = search_fts.rowid
      LEFT JOIN member m ON m.id = d.member_id
      WHERE search_fts MATCH ${ftsQuery(terms)} AND d.kind IN (${sql.join(kinds)}) AND ${visible(reader)}
      ORDER BY search_fts.rowid DESC LIMIT ${candidateCap}`.execute(raw)
    return rows.map(candidateOf)
  }

  return {
    /**
     * The best `limit` documents of each group the reader may see that hold every word of `terms`,
     * a person once (by their name or their facts), with each group's total.
     */
    async search(reader: SearchReader, terms: SearchTerms, kinds: DocumentKind[], limit: number): Promise<SearchHit[]> {
      if (terms.length === 0 || kinds.length === 0) return []
      // The newest `candidateCap` matches are ranked and counted: a word found in tens of thousands
      // of texts is ranked among the latest of them rather than all of them, and each group then
      // says «more than». The ranking and the counting are done here, on both databases alike.
      const candidates = await candidatesOf(reader, terms, kinds)
      const groups = bestOfEachGroup(candidates, limit)
      const shown = groups.flatMap((group) => group.best.map((candidate) => candidate.docId))
      if (shown.length === 0) return []
      const name = sql`trim(coalesce(pm.first_name, '') || ' ' || coalesce(pm.last_name, ''))`
      const { rows } = await sql<{
        doc_id: string | number
        owner_user_id: string
        member_id: string | null
        title: string
        body: string
        at: Date | string | null
        member_name: string | null
        author_member_id: string | null
        media_member_id: string | null
      }>`SELECT d.doc_id, d.owner_user_id, d.member_id, d.title, d.body, d.at,
          (SELECT ${name} FROM member pm WHERE pm.id = d.member_id AND pm.tree_id = ${reader.treeId}) AS member_name,
          CASE WHEN d.kind IN ('memory', 'story') AND d.owner_user_id <> ${reader.userId}
            THEN (SELECT am.id FROM member am WHERE am.tree_id = ${reader.treeId} AND am.linked_user_id = d.owner_user_id ORDER BY am.id LIMIT 1) END AS author_member_id,
          CASE WHEN d.kind = 'media'
            THEN (SELECT l.member_id FROM media_member_link l JOIN member lm ON lm.id = l.member_id WHERE l.media_id = d.item_id AND lm.tree_id = ${reader.treeId} ORDER BY l.member_id LIMIT 1) END AS media_member_id
        FROM search_document d WHERE d.doc_id IN (${sql.join(shown)})`.execute(raw)
      const byId = new Map(rows.map((row) => [Number(row.doc_id), row]))
      const isTotalCapped = candidates.length >= candidateCap
      return groups.flatMap(({ group, total, best }) =>
        best.flatMap((candidate) => {
          const row = byId.get(candidate.docId)
          if (!row) return []
          return {
            group,
            kind: candidate.kind,
            itemId: candidate.itemId,
            ownerUserId: row.owner_user_id,
            memberId: row.member_id,
            title: row.title,
            body: row.body,
            at: row.at,
            total,
            isTotalCapped,
            memberName: row.member_name || null,
            authorMemberId: row.author_member_id,
            mediaMemberId: row.media_member_id,
          }
        }),
      )
    },

    /**
     * Builds the index again from the source tables, in one transaction: every row's update trigger
     * writes its document again, so the rebuild and the triggers can never disagree.
     */
    async rebuild(): Promise<number> {
      return raw.transaction().execute(async (trx) => {
        // PostgreSQL's `search_word` is not emptied: the documents written again list any word it
        // lacks (a writer meanwhile, who saw a word listed, would otherwise lose it). A word no text
        // holds any more finds nothing; `pruneWords`, after this transaction, takes it out.
        await sql`DELETE FROM search_document`.execute(trx)
        for (const [table, column] of reindexedBy) await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)}`.execute(trx)
        // FTS5's own tables are rebuilt from the content table, in case they were what went wrong.
        if (!isPostgres) await sql`INSERT INTO search_fts (search_fts) VALUES ('rebuild')`.execute(trx)
        const counted = await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_document`.execute(trx)
        return Number(counted.rows[0]?.n ?? 0)
      })
    },

    /** The distinct words of an owner's texts (PostgreSQL's list only: none on SQLite). */
    wordsOf: (ownerUserId: string): Promise<string[]> => (isPostgres ? wordList.wordsOf(ownerUserId) : Promise.resolve([])),

    /** `pruneWords` of the word list (PostgreSQL's; SQLite keeps none). */
    pruneWords: (candidates?: string[], options: { waitMs?: number } = {}): Promise<number> => (isPostgres ? wordList.pruneWords(candidates, options) : Promise.resolve(0)),
  }
}
export type SearchRepository = ReturnType<typeof createSearchRepository>
