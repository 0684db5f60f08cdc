import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import type { Config } from '../config.ts'
import type { Database } from './schema.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  /** For repositories: camelCase in TypeScript, snake_case in the database. */
  db: Kysely<Database>
  /** The same connection without the case plugin (snake_case names), for migrations and better-auth. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped by design: its users bring their own names
  raw: Kysely<any>
  dialect: Dialect
  /** PostgreSQL only: the schema Legado's tables live in. */
  schema?: string
  /**
   * A round trip to the database, for the health check. On SQLite it asks the file directly: through
   * Kysely it would wait its turn behind every query queued on the one connection (a 100,000-row
   * export's pages and everyone else's reads), and answer late while the server is well.
   */
  ping(): Promise<void>
  /**
   * Brings the query planner's statistics up to date where the tables changed much (after an
   * import of 100,000 people). SQLite's planner without them picks an owner's index over a
   * person's own: a relative's children read 14 ms instead of 0.01 ms. PostgreSQL's autovacuum
   * keeps its statistics itself: nothing to do there.
   */
  refreshStatistics(): void
  destroy(): Promise<void>
}

/** How often a long-running process looks again whether its SQLite statistics are out of date. */
const statisticsEveryMs = 60 * 60 * 1000

/**
 * Opens SQLite (WAL, foreign keys, synchronous=FULL: a committed memory survives a power cut) or
 * PostgreSQL. On SQLite `db` and `raw` share one driver, so a transaction is never interleaved by
 * the other; on PostgreSQL they share one pool.
 */
export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see DatabaseHandle.raw
  let raw: Kysely<any>
  let sqlite: SQLite.Database | undefined
  if (config.dialect === 'sqlite') {
    mkdirSync(path.dirname(config.file), { recursive: true })
    const database = new SQLite(config.file)
    sqlite = database
    database.pragma('journal_mode = WAL')
    database.pragma('foreign_keys = ON')
    database.pragma('synchronous = FULL')
    database.pragma('busy_timeout = 5000')
    // Statistics read from a sample of each index (a few hundred rows): bounded work, even on a
    // file of gigabytes, and the planner's choices of index are right. Gathered now where they are
    // missing or out of date (SQLite's advice for long-lived connections), then again each hour.
    database.pragma('analysis_limit = 400')
    database.pragma('optimize = 0x10002')
    raw = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database) }) })
  } else {
    if (config.schema) await ensureSchema(config.url, config.schema)
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // Instants come back in UTC, so they read as ISO strings without a detour through Date. No
      // JIT: every query here is short, and the planner prices a newest-first read with a LIMIT at
      // its worst case (every row), past the JIT's threshold: compiling took 1.5 s of a 5 ms search.
      options: ['-c TimeZone=UTC', '-c jit=off', ...(config.schema ? [`-c search_path=${config.schema}`] : [])].join(' '),
    })
    raw = new Kysely({ dialect: new PostgresDialect({ pool }) })
    // Repositories get instants as the ISO strings they answer with; better-auth (on `raw`)
    // expects Date objects from PostgreSQL and keeps them. Same pool, same connections.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withIsoInstants(pool) }), plugins: [new CamelCasePlugin()] })
    // Kysely ends a pool only if it ran a query on it itself: a handle used through `db` alone
    // would otherwise keep its connections open after `destroy`.
    const destroy = async () => {
      await raw.destroy()
      if (!pool.ending) await pool.end()
    }
    const ping = async () => {
      await sql`select 1`.execute(db)
    }
    return { db, raw, dialect: 'postgres', schema: config.schema ?? 'public', ping, refreshStatistics: () => undefined, destroy }
  }
  const refreshStatistics = () => void sqlite!.pragma('optimize')
  const refresher = setInterval(refreshStatistics, statisticsEveryMs)
  refresher.unref()
  return {
    db: raw.withPlugin(new CamelCasePlugin()) as Kysely<Database>,
    raw,
    dialect: config.dialect,
    ping: async () => {
      sqlite!.prepare('select 1').get()
    },
    refreshStatistics,
    destroy: () => {
      clearInterval(refresher)
      return raw.destroy()
    },
  }
}

const timestamptzOid = 1184
const defaultTimestamptz = pg.types.getTypeParser(timestamptzOid)
/** PostgreSQL's text for a timestamptz in UTC (DateStyle ISO): `2026-11-25 11:39:52.12+00`. */
const utcTimestamp = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/

/**
 * A timestamptz as the canonical ISO string `toIsoString` passes through. pg's own parser builds
 * a Date that every repository then formatted back: about 0.6 ms of CPU for a list of 200 dreams,
 * a third of pg's work on it. Anything else (another zone, infinity, years BC) takes pg's parser.
 */
export function timestamptzToIso(text: string): string | Date {
  const match = utcTimestamp.exec(text)
  if (!match) return defaultTimestamptz(text)
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`
}

const isoInstantTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === timestamptzOid && format !== 'binary' ? timestamptzToIso : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

/**
 * The pool as Kysely sees it, each query of a borrowed client run with `isoInstantTypes` (pg takes
 * type parsers per query); ending it is left to the Kysely that owns the pool.
 */
function withIsoInstants(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      const query = (text: unknown, values?: readonly unknown[]) =>
        typeof text === 'string' ? client.query({ text, values: values as unknown[], types: isoInstantTypes }) : client.query(text as never)
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() }
    },
    end: async () => undefined,
  }
}

/** Most statements a connection keeps compiled; the app has a few hundred distinct queries at most. */
const statementCacheSize = 500

/**
 * Kysely asks better-sqlite3 to compile every query anew, which cost about a tenth of a small
 * authenticated read. The same SQL text is the same statement, so compiled statements are kept
 * (the oldest dropped past `statementCacheSize`); one still being iterated is never handed out twice.
 */
function withStatementCache(database: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => database.close(),
    prepare(sqlText: string): SQLite.Statement {
      const cached = cache.get(sqlText)
      if (cached && !cached.busy) return cached
      const statement = database.prepare(sqlText)
      if (!cached) {
        if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value!)
        cache.set(sqlText, statement)
      }
      return statement
    },
  }
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // The schema name was validated as a plain identifier in config.env.ts.
    await client.query(`create schema if not exists "${schema}"`)
  } finally {
    await client.end()
  }
}
