import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely'
import pg from 'pg'
import { openDatabase } from '../db/database.ts'
import { migrations } from '../db/migrations/index.ts'
import type { TestDatabase } from './test-app.ts'

// For the tests of a migration that changes rows: a database left as an older Legado left it.

/** A database of its own, migrated as far as `upTo`, as a Legado of that day left it. */
export async function oldDatabase(kind: TestDatabase, upTo: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-migration-'))
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const handle = await openDatabase(
    kind === 'sqlite' ? { dialect: 'sqlite', file: path.join(dataDir, 'legado.sqlite') } : { dialect: 'postgres', url: process.env.TEST_POSTGRES_URL!, schema },
  )
  const migrator = new Migrator({ db: handle.raw, provider: { getMigrations: async () => migrations }, ...(kind === 'postgres' ? { migrationTableSchema: schema } : {}) })
  const { error } = await migrator.migrateTo(upTo)
  if (error) throw error
  const cleanup = async () => {
    await handle.destroy()
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
      await client.connect()
      await client.query(`drop schema if exists "${schema}" cascade`)
      await client.end()
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { handle, schema: kind === 'postgres' ? schema : undefined, cleanup }
}
