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
