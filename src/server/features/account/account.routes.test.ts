import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, cookieHeader, createTestApp, signUpTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'

const signUp = (t: TestApp, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, headers })
const signIn = (t: TestApp, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, headers })

describe.each(testDatabases)('account routes on %s', (database) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(database, { LOGIN_RATE_LIMIT_MAX: '3' })
  })
  afterAll(() => t.close())

  it('signs up with the landing form’s fields, keeps them on the user and opens a session', async () => {
    const response = await signUp(t, {
      name: '  Rosa Elena Díaz ',
      email: ' Rosa@Example.COM ',
      password: 'memorias-de-rosa',
      birthDate: '1948-05-17',
      familyRelation: 'abuela de Tomás',
      preferredLanguage: 'es',
    })
    expect(response.statusCode, response.body).toBe(200)
    const session = response.cookies.find((c) => c.name === 'legado.session_token')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(session?.secure).toBeFalsy()
    expect(response.json().user).not.toHaveProperty('token')

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(response) } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      email: 'rosa@example.com',
      displayName: 'Rosa Elena Díaz',
      birthDate: '1948-05-17',
      familyRelation: 'abuela de Tomás',
      preferredLanguage: 'es',
    })
  })

  it('accepts the older form’s sign-up with only e-mail and password', async () => {
    const response = await signUp(t, { email: 'solo-correo@example.com', password: 'otra-clave-larga' })
    expect(response.statusCode).toBe(200)
    expect(response.json().user).toMatchObject({ displayName: '', birthDate: null, familyRelation: '' })
  })

  it('names every invalid sign-up field with its code', async () => {
    const cases: [object, { path: string; code: string }[]][] = [
      [{ email: 'no-es-correo', password: 'clave-valida-1' }, [{ path: 'email', code: 'validation.invalid_email' }]],
      [{ email: 'corta@example.com', password: '12345' }, [{ path: 'password', code: 'auth.password_too_short' }]],
      [{ password: 'clave-valida-1' }, [{ path: 'email', code: 'validation.invalid_email' }]],
      [{ email: 'futuro@example.com', password: 'clave-valida-1', birthDate: '2999-01-01' }, [{ path: 'birthDate', code: 'validation.date_in_future' }]],
      [{ email: 'futuro2@example.com', password: 'clave-valida-1', birthDate: 'hacia 2999', preferredLanguage: 'es' }, [{ path: 'birthDate', code: 'validation.date_in_future' }]],
      [{ email: 'fecha@example.com', password: 'clave-valida-1', birthDate: 'x'.repeat(121) }, [{ path: 'birthDate', code: 'validation.too_long' }]],
      [
        { email: 'rango@example.com', password: 'clave-valida-1', birthDate: 'entre 1960 y 1950', preferredLanguage: 'es' },
        [{ path: 'birthDate', code: 'member.date_range_reversed' }],
      ],
      [{ email: 'comun@example.com', password: 'password1' }, [{ path: 'password', code: 'auth.password_too_common' }]],
      [{ email: 'comun2@example.com', password: 'QWERTY' }, [{ path: 'password', code: 'auth.password_too_common' }]],
    ]
    for (const [payload, details] of cases) {
      const response = await signUp(t, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'validation_failed', details })
    }
  })

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    await signUpTestUser(t.app, { email: 'repetido@example.com' })
    const response = await signUp(t, { email: 'REPETIDO@example.com', password: 'clave-distinta-9' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('auth.email_taken')
  })

  it('signs in, and answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await signUpTestUser(t.app, { email: 'entra@example.com', password: 'la-clave-buena' })
    const ok = await signIn(t, { email: 'Entra@example.com', password: 'la-clave-buena' }, { 'x-forwarded-for': '10.0.0.1' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user.id).toBe(user.id)
    expect(ok.cookies.some((c) => c.name === 'legado.session_token' && c.httpOnly)).toBe(true)

    const wrong = await signIn(t, { email: 'entra@example.com', password: 'la-clave-mala' })
    const unknown = await signIn(t, { email: 'nadie@example.com', password: 'la-clave-mala' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().error.code).toBe('auth.invalid_credentials')
    expect(wrong.cookies).toEqual([])
  })

  it('names missing and malformed sign-in fields', async () => {
    const response = await signIn(t, { email: '', password: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.details).toEqual([
      { path: 'email', code: 'validation.required' },
      { path: 'password', code: 'validation.required' },
    ])
    const malformed = await signIn(t, { email: 'sin-arroba', password: 'x' })
    expect(malformed.json().error.details).toEqual([{ path: 'email', code: 'validation.invalid_email' }])
  })

  it('rate limits failed sign-ins with 429 and Retry-After, even for the right password', async () => {
    await signUpTestUser(t.app, { email: 'limitada@example.com', password: 'clave-correcta' })
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signIn(t, { email: 'limitada@example.com', password: `mala-${attempt}` })).statusCode).toBe(401)
    }
    const blocked = await signIn(t, { email: 'limitada@example.com', password: 'clave-correcta' })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('rate_limited')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900)
  })

  it('signs out on the server: the old cookie no longer opens anything', async () => {
    const user = await signUpTestUser(t.app)
    expect((await as(t.app, user)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200)
    const out = await as(t.app, user)({ method: 'POST', url: '/api/auth/sign-out', payload: {} })
    expect(out.statusCode).toBe(200)
    const after = await as(t.app, user)({ method: 'GET', url: '/api/me' })
    expect(after.statusCode).toBe(401)
    expect(after.json().error.code).toBe('unauthenticated')
  })

  it('tells a visitor, a signed-in person and a signed-out cookie apart on /api/session, always with 200', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/session' })
    expect(visitor.statusCode).toBe(200)
    expect(visitor.json()).toEqual({ user: null })
    const forged = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: 'legado.session_token=forged.value' } })
    expect(forged.json()).toEqual({ user: null })

    const user = await signUpTestUser(t.app, { name: 'Rosa Díaz' })
    const signedIn = await as(t.app, user)({ method: 'GET', url: '/api/session' })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: user.email, displayName: 'Rosa Díaz' })

    await as(t.app, user)({ method: 'POST', url: '/api/auth/sign-out', payload: {} })
    const after = await as(t.app, user)({ method: 'GET', url: '/api/session' })
    expect(after.statusCode).toBe(200)
    expect(after.json()).toEqual({ user: null })
  })

  it('reports the session through get-session and hides the rest of better-auth', async () => {
    const user = await signUpTestUser(t.app)
    const session = await as(t.app, user)({ method: 'GET', url: '/api/auth/get-session' })
    expect(session.statusCode).toBe(200)
    expect(session.json().user.id).toBe(user.id)
    // The token stays in its httpOnly cookie: no script can read it from this answer.
    expect(session.json().session).toBeDefined()
    expect(session.json().session).not.toHaveProperty('token')
    expect(session.body).not.toContain(decodeURIComponent(user.cookie.split('=')[1]!.split('.')[0]!))
    for (const url of ['/api/auth/update-user', '/api/auth/delete-user', '/api/auth/list-sessions']) {
      const response = await as(t.app, user)({ method: url.endsWith('sessions') ? 'GET' : 'POST', url, payload: url.endsWith('sessions') ? undefined : { name: 'x' } })
      expect(response.statusCode, url).toBe(404)
    }
  })

  it('updates the profile through PATCH /api/me with validation', async () => {
    const user = await signUpTestUser(t.app)
    const ok = await as(t.app, user)({ method: 'PATCH', url: '/api/me', payload: { displayName: ' Nuevo Nombre ', preferredLanguage: 'fr', birthDate: '' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ displayName: 'Nuevo Nombre', preferredLanguage: 'fr', birthDate: null })
    const bad = await as(t.app, user)({ method: 'PATCH', url: '/api/me', payload: { preferredLanguage: 'de' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details).toEqual([{ path: 'preferredLanguage', code: 'validation.invalid' }])
  })

  it('refuses state-changing requests from another origin', async () => {
    const user = await signUpTestUser(t.app)
    const foreign = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { content: 'x' }, headers: { origin: 'https://evil.example' } })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error.code).toBe('forbidden')
    const crossSite = await signIn(t, { email: user.email, password: 'x' }, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    const same = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { content: 'x' }, headers: { origin: 'http://localhost:80', host: 'localhost:80' } })
    expect(same.statusCode).toBe(201)
  })
})

describe('account routes behind an HTTPS proxy', () => {
  it('marks session cookies Secure', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: 'true' })
    try {
      const response = await signUp(t, { email: 'segura@example.com', password: 'clave-segura-1' }, { 'x-forwarded-proto': 'https' })
      expect(response.statusCode).toBe(200)
      expect(response.cookies.find((c) => c.name === 'legado.session_token')?.secure).toBe(true)
    } finally {
      await t.close()
    }
  })
})

describe.each(testDatabases)('sessions on %s', (database) => {
  it('gives each sign-in a session of its own, and signing out everywhere ends them all on the very next request', async () => {
    const t = await createTestApp(database)
    try {
      const user = await signUpTestUser(t.app, { email: 'viajera@example.com', password: 'clave-de-viaje' })
      const signInOn = async () => cookieHeader(await signIn(t, { email: 'viajera@example.com', password: 'clave-de-viaje' }))
      const [phone, laptop] = [await signInOn(), await signInOn()]
      expect(phone).not.toBe(laptop)
      expect(phone).not.toBe(user.cookie)
      const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
      for (const cookie of [user.cookie, phone, laptop]) expect((await me(cookie)).statusCode).toBe(200)

      const everywhere = await t.app.inject({ method: 'POST', url: '/api/auth/revoke-sessions', payload: {}, headers: { cookie: phone } })
      expect(everywhere.statusCode, everywhere.body).toBe(200)
      for (const cookie of [user.cookie, phone, laptop]) expect((await me(cookie)).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })
})

describe.each(testDatabases)('changing the password on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database, { LOGIN_RATE_LIMIT_MAX: '3' })
  })
  afterAll(() => t.close())

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
  const change = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload, headers: { cookie } })

  it('ends every session on every device on the very next request, and this device goes on with a fresh one', async () => {
    const user = await signUpTestUser(t.app, { password: 'la-clave-de-antes' })
    const laptop = cookieHeader(await signIn(t, { email: user.email, password: 'la-clave-de-antes' }))

    const changed = await change(user.cookie, { currentPassword: 'la-clave-de-antes', newPassword: 'la-clave-de-ahora' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().user).toMatchObject({ id: user.id, email: user.email })
    expect(changed.body).not.toContain('token')
    const fresh = cookieHeader(changed)
    expect(fresh).not.toBe(user.cookie)

    for (const cookie of [user.cookie, laptop]) expect((await me(cookie)).statusCode).toBe(401)
    expect((await me(fresh)).statusCode).toBe(200)
    expect((await signIn(t, { email: user.email, password: 'la-clave-de-antes' })).statusCode).toBe(401)
    expect((await signIn(t, { email: user.email, password: 'la-clave-de-ahora' })).statusCode).toBe(200)
  })

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const user = await signUpTestUser(t.app, { password: 'la-clave-de-siempre' })
    const wrong = await change(user.cookie, { currentPassword: 'no-es-esta', newPassword: 'otra-clave-nueva' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'currentPassword', code: 'auth.wrong_password' }] })
    expect((await me(user.cookie)).statusCode).toBe(200)
    expect((await signIn(t, { email: user.email, password: 'la-clave-de-siempre' })).statusCode).toBe(200)
  })

  it('applies the sign-up rules to the new password', async () => {
    const user = await signUpTestUser(t.app, { password: 'la-clave-de-siempre' })
    const short = await change(user.cookie, { currentPassword: 'la-clave-de-siempre', newPassword: '12345' })
    expect(short.json().error.details).toEqual([{ path: 'newPassword', code: 'auth.password_too_short' }])
    const common = await change(user.cookie, { currentPassword: 'la-clave-de-siempre', newPassword: 'password123' })
    expect(common.json().error.details).toEqual([{ path: 'newPassword', code: 'auth.password_too_common' }])
    const missing = await change(user.cookie, { newPassword: 'otra-clave-nueva' })
    expect(missing.json().error.details).toEqual([{ path: 'currentPassword', code: 'validation.required' }])
    expect((await me(user.cookie)).statusCode).toBe(200)
  })

  it('counts guesses at the current password against the account, with waits of their own', async () => {
    const user = await signUpTestUser(t.app, { password: 'la-clave-de-siempre' })
    const answers = []
    for (let i = 0; i < 4; i += 1) answers.push((await change(user.cookie, { currentPassword: `adivinanza-${i}`, newPassword: 'otra-clave-nueva' })).statusCode)
    expect(answers).toEqual([400, 400, 400, 429])
    const held = await change(user.cookie, { currentPassword: 'la-clave-de-siempre', newPassword: 'otra-clave-nueva' })
    expect(held.statusCode).toBe(429)
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0)
    // Guesses through an open session are not a stranger's at the e-mail: signing in is not held back.
    expect((await signIn(t, { email: user.email, password: 'la-clave-de-siempre' })).statusCode).toBe(200)
  })

  it('needs a session', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'otra-clave-nueva' } })
    expect(anonymous.statusCode).toBe(401)
  })
})
