import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
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
  destroy(): Promise<void>
}

/**
 * Opens SQLite (WAL, foreign keys, synchronous=FULL: a committed memory survives a power cut) or
 * PostgreSQL. `db` and `raw` share one driver, so a transaction is never interleaved by the other.
 */
export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see DatabaseHandle.raw
  let raw: Kysely<any>
  if (config.dialect === 'sqlite') {
    mkdirSync(path.dirname(config.file), { recursive: true })
    const database = new SQLite(config.file)
    database.pragma('journal_mode = WAL')
    database.pragma('foreign_keys = ON')
    database.pragma('synchronous = FULL')
    database.pragma('busy_timeout = 5000')
    raw = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database) }) })
  } else {
    if (config.schema) await ensureSchema(config.url, config.schema)
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    })
    raw = new Kysely({ dialect: new PostgresDialect({ pool }) })
  }
  return {
    db: raw.withPlugin(new CamelCasePlugin()) as Kysely<Database>,
    raw,
    dialect: config.dialect,
    ...(config.dialect === 'postgres' ? { schema: config.schema ?? 'public' } : {}),
    destroy: () => raw.destroy(),
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
    // The schema name was validated as a plain identifier in config.ts.
    await client.query(`create schema if not exists "${schema}"`)
  } finally {
    await client.end()
  }
}

/** A round trip to the database, for the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db)
}
