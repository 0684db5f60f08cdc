import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpInbox, linkIn, type ReceivedMail } from '../../test/smtp-inbox.ts'
import { createTestApp, signUpTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'

const publicUrl = 'https://legado.example.org'

/** Waits for the `count`th mail to `email` (the app sends it after answering). */
async function mailTo(inbox: Awaited<ReturnType<typeof startSmtpInbox>>, email: string, count = 1): Promise<ReceivedMail> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const mails = inbox.mailsTo(email)
    if (mails.length >= count) return mails[count - 1]!
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no mail number ${count} to ${email}`)
}

const tokenOf = (link: string) => decodeURIComponent(new URL(link).hash.replace('#token=', ''))

describe.each(testDatabases)('password reset by e-mail on %s', (database) => {
  let t: TestApp
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
  const ask = (email: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, headers })
  const reset = (token: string, newPassword: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } })
  const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } })

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp(database, { SMTP_URL: inbox.url, PUBLIC_URL: publicUrl, PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '3' })
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  it('says the link goes by e-mail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' })
    expect(response.json()).toEqual({ delivery: 'email' })
  })

  it('mails a link in the person’s language that sets a new password once, and ends every session', async () => {
    const carmen = await signUpTestUser(t.app, { name: 'Carmen', preferredLanguage: 'fr' })
    const other = await signIn(carmen.email, 'un-recuerdo-largo')
    expect(other.statusCode).toBe(200)

    const asked = await ask(carmen.email.toUpperCase())
    expect(asked.statusCode).toBe(204)
    const mail = await mailTo(inbox, carmen.email)
    expect(mail.subject).toBe('Changez votre mot de passe Legado')
    expect(mail.text).toContain('Bonjour Carmen,')
    const link = linkIn(mail)
    expect(link).toMatch(new RegExp(`^${publicUrl}/reset-password#token=`))
    expect(mail.html).toContain(link)

    expect((await reset(tokenOf(link), 'una-clave-de-carmen')).statusCode).toBe(204)
    // Every device is out: the sign-up's session and the other sign-in alike.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: carmen.cookie } })).statusCode).toBe(401)
    const otherCookie = other.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: otherCookie } })).statusCode).toBe(401)
    expect((await signIn(carmen.email, 'un-recuerdo-largo')).statusCode).toBe(401)
    expect((await signIn(carmen.email, 'una-clave-de-carmen')).statusCode).toBe(200)

    // The link works once.
    const again = await reset(tokenOf(link), 'otra-clave-de-carmen')
    expect(again.statusCode).toBe(410)
    expect(again.json().error.code).toBe('auth.reset_link_invalid')
    expect((await signIn(carmen.email, 'una-clave-de-carmen')).statusCode).toBe(200)
  })

  it('refuses a link past its hour, and a new password under the sign-up rules', async () => {
    const luis = await signUpTestUser(t.app, { preferredLanguage: 'es' })
    await ask(luis.email)
    const mail = await mailTo(inbox, luis.email)
    expect(mail.subject).toBe('Cambia tu contraseña de Legado')
    const token = tokenOf(linkIn(mail))

    const short = await reset(token, '12345')
    expect(short.json().error.details).toEqual([expect.objectContaining({ path: 'newPassword', code: 'auth.password_too_short' })])
    const common = await reset(token, 'password1')
    expect(common.json().error.details).toEqual([expect.objectContaining({ path: 'newPassword', code: 'auth.password_too_common' })])

    // better-auth's table is not one of ours in the schema types: written as SQL.
    const past = new Date(Date.now() - 1000)
    await sql`update verification set expires_at = ${database === 'sqlite' ? past.toISOString() : past} where identifier = ${`reset-password:${token}`}`.execute(t.db)
    const expired = await reset(token, 'una-clave-a-tiempo')
    expect(expired.statusCode).toBe(410)
    expect((await signIn(luis.email, 'una-clave-a-tiempo')).statusCode).toBe(401)
  })

  it('answers an unknown e-mail exactly as a known one, and mails nobody', async () => {
    const before = inbox.received.length
    const unknown = await ask('nadie-con-esta-cuenta@example.com')
    const known = await ask((await signUpTestUser(t.app)).email)
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.received.length).toBe(before + 1)
    expect(inbox.mailsTo('nadie-con-esta-cuenta@example.com')).toEqual([])
  })

  it('limits requests per e-mail and per address, known e-mail or not', async () => {
    for (const email of ['limite@example.com', (await signUpTestUser(t.app)).email]) {
      for (let i = 0; i < 3; i += 1) expect((await ask(email)).statusCode).toBe(204)
      const refused = await ask(email)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.code).toBe('rate_limited')
      expect(refused.headers['retry-after']).toBeDefined()
    }
    // One address asking for many e-mails: ten times the per-e-mail limit, then refused.
    const codes: number[] = []
    for (let i = 0; i < 31; i += 1)
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: `otro-${i}@example.com` }, remoteAddress: '198.51.100.9' })).statusCode,
      )
    expect(codes.filter((code) => code === 204)).toHaveLength(30)
    expect(codes.at(-1)).toBe(429)
  })
})

describe('password reset without a mail server', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it('says the operator hands out links, answers a request as with mail, and makes no link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({ delivery: 'operator' })
    const user = await signUpTestUser(t.app)
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email } })
    expect(asked.statusCode).toBe(204)
    const tokens = await sql<{ identifier: string }>`select identifier from verification where identifier like 'reset-password:%'`.execute(t.db)
    expect(tokens.rows).toEqual([])
  })
})
