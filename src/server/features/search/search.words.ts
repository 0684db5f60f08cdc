import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { SearchTerms } from '../../../shared/search/search-terms.ts'

// PostgreSQL's list of the words its search index holds (`search_word`, kept by a trigger): a
// search asks the index for the words each prefix starts, and words no text holds any more are
// pruned from it. SQLite's FTS5 answers prefixes from its own index and keeps no list.

/** A text between `quote`s, any inside it doubled. */
export function quoted(prefix: string, quote: string): string {
  return quote + prefix.split(quote).join(quote + quote) + quote
}

/** PostgreSQL's tsquery of the terms: every word, one of its prefixes (what the ranking reads). */
export function tsQuery(terms: SearchTerms): string {
  return terms.map((prefixes) => `(${prefixes.map((prefix) => `${quoted(prefix.replace(/\\/g, ''), "'")}:*`).join(' | ')})`).join(' & ')
}

/**
 * A prefix PostgreSQL's parser surely reads as one word whatever the database's locale: Latin
 * letters and digits, already folded as the parser would. Another (a letter or a digit the locale
 * may not know) could be cut in two by `to_tsquery`, and is searched as a prefix, as it was.
 */
const oneWord = /^[\p{Script=Latin}0-9]+$/u
/**
 * A prefix that starts more listed words than this stays a prefix. A search of a common word reads
 * texts newest first and checks each one's words, once per word of the list where a prefix is one
 * look: 31 words («pena», «pena12» … «pena588») made that read three times slower.
 */
const mostWordsOfPrefix = 16

/** One word of a tsquery, as written (tsquery's own input neither parses nor folds it). */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/** Whether a text holds `word`, asked of the word index (PostgreSQL), the word quoted as `lexeme` quotes it. */
function isHeld(word: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM search_document d WHERE d.words @@ ('''' || replace(replace(${word}, '\\', '\\\\'), '''', '''''') || '''')::tsquery)`
}

/** The first text, in byte order, after every text that starts with `prefix`: its last letter, one further. */
function pastPrefix(prefix: string): string {
  const letters = [...prefix]
  const last = letters.pop() ?? ''
  return letters.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on snake_case names (the search tables are the triggers', not the features')
export function createSearchWords(raw: Kysely<any>) {
  return {
    /**
     * What `words @@ to_tsquery('simple', tsQuery(terms))` finds, asked of the word index the fast way
     * (PostgreSQL): each prefix becomes the words it starts, as `search_word` lists them
     * («cancion» → «cancion» | «canciones» | «cancionero»). Given a prefix, the index gathers every
     * such word's rows into a bitmap before it can combine them with the other words' (15–35 ms for
     * three common words); given the words, it walks their lists side by side, skipping ahead by the
     * rarest. Undefined when a word of the search starts no listed word: nothing holds it.
     */
    async wordsQuery(terms: SearchTerms): Promise<RawBuilder<unknown> | undefined> {
      const listed = terms.filter((prefixes) => prefixes.every((prefix) => oneWord.test(prefix)))
      const others = terms.filter((prefixes) => !listed.includes(prefixes))
      const prefixes = [...new Set(listed.flat())]
      const startsOf = new Map<string, string[]>()
      if (prefixes.length > 0) {
        // Counted before a word listed twice is set aside, so that a list cut by the limit is never taken whole.
        const { rows } = await sql<{ prefix: string; words: string[] }>`SELECT p.prefix, array(
            SELECT word FROM search_word WHERE word >= p.prefix AND word < p.past LIMIT ${mostWordsOfPrefix + 1}) AS words
          FROM unnest(${prefixes}::text[], ${prefixes.map(pastPrefix)}::text[]) AS p(prefix, past)`.execute(raw)
        for (const row of rows) startsOf.set(row.prefix, row.words)
      }
      const groups: string[] = []
      for (const group of listed) {
        const options = group.flatMap((prefix) => {
          const words = startsOf.get(prefix) ?? []
          return words.length > mostWordsOfPrefix ? [`${lexeme(prefix)}:*`] : [...new Set(words)].map(lexeme)
        })
        if (options.length === 0) return undefined
        groups.push(`(${options.join(' | ')})`)
      }
      const queries = [...(groups.length > 0 ? [sql`${groups.join(' & ')}::tsquery`] : []), ...(others.length > 0 ? [sql`to_tsquery('simple', ${tsQuery(others)})`] : [])]
      return sql`words @@ (${sql.join(queries, sql` && `)})`
    },

    /** The distinct words of an owner's texts. */
    async wordsOf(ownerUserId: string): Promise<string[]> {
      const { rows } = await sql<{ word: string }>`SELECT DISTINCT unnest(tsvector_to_array(words)) AS word FROM search_document WHERE owner_user_id = ${ownerUserId}`.execute(raw)
      return rows.map((row) => row.word)
    },

    /**
     * Takes out of PostgreSQL's `search_word` the words no text holds (every one, or those of
     * `candidates`); answers how many rows went. SQLite keeps no list. `waitMs` bounds the wait for
     * writers that hold the list: past it the prune throws and leaves the list as it was.
     */
    async pruneWords(candidates?: string[], { waitMs }: { waitMs?: number } = {}): Promise<number> {
      if (candidates?.length === 0) return 0
      // Every writer of a text waits while the prune holds the list, so the words no text holds are
      // found first, without it, and only those are looked up again under it. A word some text held
      // then stays this time, whatever becomes of that text meanwhile.
      const { rows } = candidates
        ? await sql<{ word: string }>`SELECT DISTINCT c.word FROM unnest(${candidates}::text[]) AS c(word) WHERE NOT ${isHeld(sql.ref('c.word'))}`.execute(raw)
        : await sql<{ word: string }>`SELECT DISTINCT w.word FROM search_word w WHERE NOT EXISTS (
            SELECT 1 FROM (SELECT DISTINCT unnest(tsvector_to_array(words)) AS word FROM search_document) AS held WHERE held.word = w.word)`.execute(raw)
      const unheld = rows.map((row) => row.word)
      if (unheld.length === 0) return 0
      return raw.transaction().execute(async (trx) => {
        if (waitMs !== undefined) await sql`SELECT set_config('lock_timeout', ${`${Math.round(waitMs)}ms`}, true)`.execute(trx)
        // Every writer that listed a word holds ROW EXCLUSIVE (the list's trigger): wait until each has
        // committed its documents, and hold new ones off until the words that went are gone.
        await sql`LOCK TABLE search_word IN SHARE ROW EXCLUSIVE MODE`.execute(trx)
        // A statement of its own: its snapshot (read committed) is taken after the wait, so it sees
        // those writers' documents.
        const { numAffectedRows } = await sql`DELETE FROM search_word w WHERE w.word = ANY(${unheld}::text[]) AND NOT ${isHeld(sql.ref('w.word'))}`.execute(trx)
        return Number(numAffectedRows ?? 0)
      })
    },
  }
}
