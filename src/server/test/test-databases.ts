import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createLocalStorage } from '../integrations/storage/local-storage.ts'
import { createJobRunnerFor } from '../lib/jobs/create-job-runner.ts'

/**
 * Migrating a database costs a test app more than everything else it does before its first
 * request (about 250 ms on SQLite, 100 ms on PostgreSQL). The vitest global set-up migrates one
 * template of each kind and names them here; each test app then starts from a copy.
 */
const sqliteTemplateVariable = 'LEGADO_TEST_SQLITE_TEMPLATE'
const postgresTemplateVariable = 'LEGADO_TEST_POSTGRES_TEMPLATE'

/** The schema Legado's tables live in inside the PostgreSQL template, so in every copy of it. */
export const postgresTestSchema = 'legado'

/** Copies the migrated SQLite template to `file`; false when there is no template (outside vitest). */
export function copySqliteTemplate(file: string): boolean {
  const template = process.env[sqliteTemplateVariable]
  if (!template) return false
  mkdirSync(path.dirname(file), { recursive: true })
  copyFileSync(template, file)
  return true
}

/** `url` with another database name. */
function withDatabase(url: string, database: string): string {
  const next = new URL(url)
  next.pathname = `/${database}`
  return next.toString()
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A new database copied from the migrated PostgreSQL template (`CREATE DATABASE … TEMPLATE`,
 * about 15 ms), and its URL; undefined when there is no template (outside vitest).
 */
export async function createPostgresCopy(serverUrl: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const template = process.env[postgresTemplateVariable]
  if (!template) return undefined
  const name = `${template}_${randomBytes(5).toString('hex')}`
  await onServer(serverUrl, (client) => client.query(`create database "${name}" template "${template}"`))
  return {
    url: withDatabase(serverUrl, name),
    // Not WITH (FORCE): PostgreSQL waits a few seconds for connections still closing, where forcing
    // them would fail their clients mid-goodbye; a connection a test really left open fails here.
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists "${name}"`)).then(() => undefined),
  }
}

/**
 * Migrates the templates once for a whole vitest run and names them to the test workers through
 * the environment, which they inherit. Their names carry the process id and a random part: other
 * checkouts may be running tests on the same PostgreSQL server at the same time. The returned
 * function removes the templates and any copy a crashed test file left behind.
 */
export async function prepareTestDatabases(): Promise<() => Promise<void>> {
  const directory = mkdtempSync(path.join(tmpdir(), 'legado-template-'))
  const file = path.join(directory, 'legado.db')
  // Closing the handle checkpoints the WAL into the file, so the file alone is the whole database.
  const sqlite = await openDatabase({ dialect: 'sqlite', file })
  await migrateToLatest(sqlite.raw)
  await sqlite.destroy()
  if (existsSync(`${file}-wal`)) throw new Error('the SQLite template kept a WAL file')
  process.env[sqliteTemplateVariable] = file

  const serverUrl = process.env.TEST_POSTGRES_URL
  const template = `legado_test_${process.pid}_${randomBytes(3).toString('hex')}`
  if (serverUrl) {
    await onServer(serverUrl, (client) => client.query(`create database "${template}"`))
    // No connection to the template may stay open: CREATE DATABASE refuses a template in use.
    const postgres = await openDatabase({ dialect: 'postgres', url: withDatabase(serverUrl, template), schema: postgresTestSchema })
    try {
      await migrateToLatest(postgres.raw, postgresTestSchema)
      // An app on PostgreSQL also installs its job queue (pg-boss's schema, functions and queue
      // table, some 70 ms of DDL) when it starts: done once here, each copy's app finds it there.
      const runner = createJobRunnerFor(postgres, createLocalStorage(directory), { concurrency: 1, workDir: directory, log: { warn: () => {}, error: () => {} } })
      await runner.start()
      await runner.stop()
    } finally {
      await postgres.destroy()
    }
    process.env[postgresTemplateVariable] = template
  }

  return async () => {
    rmSync(directory, { recursive: true, force: true })
    if (!serverUrl) return
    await onServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [template, `${template}\\_%`])
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
    })
  }
}
