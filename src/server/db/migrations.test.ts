import { getMigrations } from 'better-auth/db/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '../features/account/account.auth.ts'
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts'
import { openDatabase } from './database.ts'
import { loadConfig } from '../config.ts'

describe.each(testDatabases)('migrations on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('give better-auth every table and column it expects', async () => {
    const handle = await openDatabase(loadConfig(t.env).database)
    try {
      const auth = createAuth({ raw: handle.raw, dialect: handle.dialect, secret: 'x'.repeat(32), baseURL: 'http://localhost', log: () => undefined })
      const { toBeCreated, toBeAdded } = await getMigrations(auth.options)
      expect(toBeCreated).toEqual([])
      expect(toBeAdded).toEqual([])
    } finally {
      await handle.destroy()
    }
  })
})

describe.skipIf(!process.env.TEST_POSTGRES_URL)('migrations in a PostgreSQL schema', () => {
  it('migrate a second schema of a database that already holds a migrated Legado', async () => {
    const first = await createTestApp('postgres')
    try {
      // The second app must not take the first schema's migration tables for its own.
      const second = await createTestApp('postgres', { DATABASE_URL: first.env.DATABASE_URL!, DATABASE_SCHEMA: 'second_legado' })
      try {
        const health = await second.app.inject({ method: 'GET', url: '/api/health' })
        expect(health.json().db).toBe('postgres')
        const tables = await second.db.selectFrom('dreamEntry').select('id').execute()
        expect(tables).toEqual([])
      } finally {
        await second.close()
      }
    } finally {
      await first.close()
    }
  })
})
