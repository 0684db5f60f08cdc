import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signUpTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'

const day = 24 * 60 * 60 * 1000

describe.each(testDatabases)('checking the session cookie on every request, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
  const tokenOf = (cookie: string) => decodeURIComponent(/legado\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!

  it('refuses a cookie whose signature does not match its token, or that carries none', async () => {
    const user = await signUpTestUser(t.app)
    const other = await signUpTestUser(t.app)
    const [, signature] = decodeURIComponent(/legado\.session_token=([^;]+)/.exec(user.cookie)![1]!).split('.')
    // Another person's real token with this person's signature: both genuine, not together.
    const swapped = `legado.session_token=${encodeURIComponent(`${tokenOf(other.cookie)}.${signature}`)}`
    expect((await me(swapped)).statusCode).toBe(401)
    expect((await me(`legado.session_token=${tokenOf(user.cookie)}`)).statusCode).toBe(401)
    expect((await me('legado.session_token=%E0%A4%A')).statusCode).toBe(401)
    expect((await me(user.cookie)).statusCode).toBe(200)
  })

  it('refuses an expired session', async () => {
    const user = await signUpTestUser(t.app)
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', tokenOf(user.cookie))
      .execute()
    expect((await me(user.cookie)).statusCode).toBe(401)
  })

  it('slides a day-old session’s expiry forward and renews its cookie, and leaves a fresh one alone', async () => {
    const user = await signUpTestUser(t.app)
    const fresh = await me(user.cookie)
    expect(fresh.statusCode).toBe(200)
    expect(fresh.headers['set-cookie']).toBeUndefined()

    // As if signed in ten days ago and used every day since the last slide, twenty days left.
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() + 20 * day).toISOString() })
      .where('token', '=', tokenOf(user.cookie))
      .execute()
    const used = await me(user.cookie)
    expect(used.statusCode).toBe(200)
    expect(used.cookies.find((cookie) => cookie.name === 'legado.session_token')?.maxAge).toBe(30 * 24 * 60 * 60)
    const row = await t.db.selectFrom('session').select('expiresAt').where('token', '=', tokenOf(user.cookie)).executeTakeFirstOrThrow()
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * day)
  })
})
