import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createTestApp } from '../test/test-app.ts'
import { openDatabase, timestamptzToIso } from './database.ts'
import { toIsoString } from './timestamps.ts'

describe('instants read from PostgreSQL', () => {
  it('turn PostgreSQL’s UTC text into the ISO string a Date would give', () => {
    for (const [text, iso] of [
      ['2026-11-25 11:39:52.123+00', '2026-11-25T11:39:52.123Z'],
      ['2026-11-25 11:39:52.12+00', '2026-11-25T11:39:52.120Z'],
      ['2026-11-25 11:39:52+00', '2026-11-25T11:39:52.000Z'],
      ['2026-11-25 11:39:52.123987+00', '2026-11-25T11:39:52.123Z'],
    ]) {
      expect(timestamptzToIso(text!)).toBe(iso)
      expect(new Date(text!.replace(' ', 'T').replace('+00', 'Z')).toISOString()).toBe(iso)
    }
    // Another zone is pg's to parse.
    expect(toIsoString(timestamptzToIso('2026-11-25 12:39:52.5+01'))).toBe('2026-11-25T11:39:52.500Z')
  })

  it.skipIf(!process.env.TEST_POSTGRES_URL)('come back through the repositories as the ISO strings written, and as Dates to better-auth', async () => {
    const t = await createTestApp('postgres')
    const handle = await openDatabase(loadConfig(t.env).database)
    try {
      const written = '2026-01-02T03:04:05.600Z'
      await handle.raw.insertInto('user').values({ id: 'u1', name: 'x', email: 'x@example.com', email_verified: false, created_at: written, updated_at: written }).execute()
      const row = await handle.db.selectFrom('user').select(['createdAt']).where('id', '=', 'u1').executeTakeFirstOrThrow()
      expect(row.createdAt).toBe(written)
      const raw = await handle.raw.selectFrom('user').select(['created_at']).where('id', '=', 'u1').executeTakeFirstOrThrow()
      expect(raw.created_at).toBeInstanceOf(Date)
      expect((raw.created_at as Date).toISOString()).toBe(written)
    } finally {
      await handle.destroy()
      await t.close()
    }
  })
})
