import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signUpTestUser, testDatabases, type TestApp, type TestDatabase } from '../../test/test-app.ts'

/** The device mark a sign-in or sign-up set, ready for a Cookie header. */
function deviceCookie(response: LightMyRequestResponse): string {
  const mark = response.cookies.find((cookie) => cookie.name === 'legado.device')
  if (!mark) throw new Error('no device cookie was set')
  expect(mark).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' })
  return `${mark.name}=${mark.value}`
}

describe.each(testDatabases)('sign-in from a known device on %s', (database: TestDatabase) => {
  let t: TestApp
  const signIn = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} })

  beforeEach(async () => {
    t = await createTestApp(database, { LOGIN_RATE_LIMIT_MAX: '2', LOGIN_FAILURE_CEILING: '50' })
  })
  afterEach(async () => {
    await t.close()
  })

  it('lets the right password in from a device that signed in before, after guesses from 50 addresses passed the ceiling', async () => {
    await signUpTestUser(t.app, { email: 'abuela@example.com', password: 'clave-de-la-abuela' })
    await signUpTestUser(t.app, { email: 'vecino@example.com', password: 'clave-del-vecino' })
    const laptop = deviceCookie(await signIn('abuela@example.com', 'clave-de-la-abuela', '192.0.2.10'))

    // Fifty addresses guess at her e-mail and at made-up ones, past the ceiling of failures.
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await signIn('abuela@example.com', `adivinanza-${i}`, `198.51.100.${i + 1}`)
        await signIn(`inventada-${i}@example.com`, 'adivinanza', `198.51.100.${i + 1}`)
      }),
    )
    // Every browser that has not signed in before now waits, whichever the account.
    expect((await signIn('abuela@example.com', 'clave-de-la-abuela', '192.0.2.10')).statusCode).toBe(429)
    const bystander = await signIn('vecino@example.com', 'clave-del-vecino', '192.0.2.11')
    expect(bystander.statusCode).toBe(429)
    expect(Number(bystander.headers['retry-after'])).toBeGreaterThan(0)

    // Her laptop's mistakes are its own, and the right password signs her in.
    expect((await signIn('abuela@example.com', 'me-equivoque', '192.0.2.10', laptop)).statusCode).toBe(401)
    const signedIn = await signIn('abuela@example.com', 'clave-de-la-abuela', '192.0.2.10', laptop)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user.email).toBe('abuela@example.com')
    expect(deviceCookie(signedIn)).toBe(laptop)
  }, 60_000)

  it('trusts a device only for the account it signed in to, and the device that signed up is known', async () => {
    const nieta = await signUpTestUser(t.app, { email: 'nieta@example.com', password: 'clave-de-la-nieta' })
    await signUpTestUser(t.app, { email: 'tio@example.com', password: 'clave-del-tio' })
    const nietaDevice = nieta.cookie.split('; ').find((pair) => pair.startsWith('legado.device='))
    expect(nietaDevice).toBeDefined()
    for (let i = 1; i <= 3; i += 1) await signIn('tio@example.com', `adivinanza-${i}`, `203.0.113.${i}`)
    // The granddaughter's mark says nothing for her uncle's e-mail: he waits like any browser.
    expect((await signIn('tio@example.com', 'clave-del-tio', '192.0.2.20', nietaDevice)).statusCode).toBe(429)
    expect((await signIn('tio@example.com', 'clave-del-tio', '192.0.2.20', `${nietaDevice}x`)).statusCode).toBe(429)
    for (let i = 1; i <= 3; i += 1) await signIn('nieta@example.com', `adivinanza-${i}`, `203.0.113.${i}`)
    expect((await signIn('nieta@example.com', 'clave-de-la-nieta', '192.0.2.20', nietaDevice)).statusCode).toBe(200)
  })

  it('gives a known device a small budget of its own, then treats it as any browser', async () => {
    await signUpTestUser(t.app, { email: 'primo@example.com', password: 'clave-del-primo' })
    const device = deviceCookie(await signIn('primo@example.com', 'clave-del-primo', '192.0.2.30'))
    const statuses = []
    for (let i = 1; i <= 5; i += 1) statuses.push((await signIn('primo@example.com', `adivinanza-${i}`, '192.0.2.30', device)).statusCode)
    // Two on the device's budget, then the e-mail's: two more, then a wait.
    expect(statuses).toEqual([401, 401, 401, 401, 429])
  })

  it('never holds back changing the password or deleting the account over strangers’ guesses at the e-mail', async () => {
    const owner = await signUpTestUser(t.app, { email: 'duena@example.com', password: 'clave-de-la-duena' })
    for (let i = 1; i <= 6; i += 1) await signIn('duena@example.com', `adivinanza-${i}`, `198.51.100.${i}`)
    expect((await signIn('duena@example.com', 'clave-de-la-duena', '192.0.2.40')).statusCode).toBe(429)
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: 'clave-de-la-duena', newPassword: 'otra-clave-larga' },
    })
    expect(changed.statusCode).toBe(200)
    const session = changed.cookies.find((cookie) => cookie.name === 'legado.session_token')!
    for (let i = 7; i <= 12; i += 1) await signIn('duena@example.com', `adivinanza-${i}`, `198.51.100.${i}`)
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: `${session.name}=${session.value}` }, payload: { password: 'otra-clave-larga' } })
    expect(deleted.statusCode).toBe(204)
  })
})
