import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, signUpTestUser, testDatabases, type TestApp, type TestUser } from './test-app.ts'

/** Every column of a person's rows except those that differ between any two people. */
async function rowsOf(t: TestApp, user: TestUser) {
  const person = await t.db.selectFrom('user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
  // better-auth's own table, which the app's schema types leave out.
  const accounts = (await sql<Record<string, unknown>>`select * from account where user_id = ${user.id}`.execute(t.db)).rows
  const sessions = await t.db.selectFrom('session').selectAll().where('userId', '=', user.id).execute()
  const { id: _id, email: _email, name: _name, createdAt: _created, updatedAt: _updated, ...userRest } = person
  return {
    user: userRest,
    accounts: accounts.map(({ id: _a, userId: _u, accountId, password, createdAt: _c, updatedAt: _m, ...rest }) => ({
      ...rest,
      accountIsUser: accountId === user.id,
      hasPassword: typeof password === 'string' && password.length > 0,
    })),
    sessions: sessions.map(({ expiresAt, token }) => ({ daysLeft: Math.round((new Date(expiresAt).getTime() - Date.now()) / 86_400_000), hasToken: token.length > 0 })),
  }
}

describe.each(testDatabases)('the test person factory on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('writes the rows a sign-up writes, and a session the app accepts', async () => {
    const fields = { birthDate: '1950-04-02', familyRelation: 'Abuela', preferredLanguage: 'fr' }
    const signedUp = await signUpTestUser(t.app, fields)
    const made = await createTestUser(t.app, fields)
    expect(await rowsOf(t, made)).toEqual(await rowsOf(t, signedUp))

    const me = await as(t.app, made)({ method: 'GET', url: '/api/me' })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ id: made.id, email: made.email, birthDate: '1950-04-02', familyRelation: 'Abuela', preferredLanguage: 'fr' })
  })

  it('reads its fields as the sign-up route does, and gives a password that signs in', async () => {
    const made = await createTestUser(t.app, { email: '  Mayusculas@Example.com ', password: 'una-clave-de-prueba' })
    expect(made.email).toBe('mayusculas@example.com')
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: made.email, password: 'una-clave-de-prueba' } })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json().user.id).toBe(made.id)
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: made.email, password: 'un-recuerdo-largo' } })
    expect(wrong.statusCode).toBe(401)
  })

  it('refuses an e-mail already taken, as a sign-up would', async () => {
    const first = await createTestUser(t.app)
    await expect(createTestUser(t.app, { email: first.email })).rejects.toThrow()
  })
})
