import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, createTestApp, signUpTestUser, testDatabases, type TestApp, type TestDatabase } from '../test/test-app.ts'

const languages = ['es', 'en', 'fr']
const origin = 'http://localhost:80'
/** Each sign-in hashes a password (scrypt): on a loaded machine a few of them outlast the default 20 s. */
const slow = 60_000

/**
 * A web root as the build leaves it for the forms (scripts/prerender.mjs): each form page refused,
 * with the build's placeholders where the message and the typed text go, the contact page sent,
 * and the texts of the app's own catalogues.
 */
function fakeBuild(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'legado-form-pages-'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
  const forms = {
    login: { failed: 'login-failed', kept: ['email'] },
    signup: { failed: 'signup-failed', kept: ['email'] },
    contact: { failed: 'contact-failed', sent: 'contact-sent', kept: ['name', 'email', 'message'] },
  }
  const manifest = {
    languages,
    defaultLanguage: 'es',
    pages: { '/': 'landing', '/login': 'login', '/signup': 'signup', '/contact': 'contact' },
    notFound: 'not-found',
    appPages: { '/dashboard': 'app-dashboard' },
    forms,
    formPlaceholders: { message: '__LEGADO_FORM_MESSAGE__', value: '__LEGADO_FORM_VALUE_{field}__', outcome: '__LEGADO_FORM_OUTCOME__' },
  }
  const pages = path.join(webRoot, 'pages')
  mkdirSync(pages)
  writeFileSync(path.join(pages, 'manifest.json'), JSON.stringify(manifest))
  const fieldsOf: Record<string, string> = {
    'login-failed': '<input type="email" name="email" value="__LEGADO_FORM_VALUE_email__"/><input type="password" name="password" value=""/>',
    'signup-failed':
      '<input type="email" name="email" value="__LEGADO_FORM_VALUE_email__"/><input type="password" name="password" value=""/><input type="password" name="confirmPassword" value=""/>',
    'contact-failed':
      '<input name="name" value="__LEGADO_FORM_VALUE_name__"/><input type="email" name="email" value="__LEGADO_FORM_VALUE_email__"/><textarea name="message">__LEGADO_FORM_VALUE_message__</textarea>',
  }
  for (const lng of languages) {
    mkdirSync(path.join(pages, lng))
    for (const name of ['landing', 'login', 'signup', 'contact', 'not-found', 'app-dashboard']) writeFileSync(path.join(pages, lng, `${name}.html`), `${lng}/${name}`)
    for (const [name, fields] of Object.entries(fieldsOf)) {
      const html = `<html lang="${lng}"><div id="root"><form><div role="alert">__LEGADO_FORM_MESSAGE__</div>${fields}</form></div><script type="application/json" id="form-outcome">__LEGADO_FORM_OUTCOME__</script></html>`
      writeFileSync(path.join(pages, lng, `${name}.html`), html)
    }
    writeFileSync(path.join(pages, lng, 'contact-sent.html'), `<html lang="${lng}">${lng}/contact-sent</html>`)
  }
  const catalogue = (lng: string, namespace: string) => JSON.parse(readFileSync(path.join('src/web/locales', lng, `${namespace}.json`), 'utf8')) as unknown
  const texts = Object.fromEntries(languages.map((lng) => [lng, { errors: catalogue(lng, 'errors'), auth: catalogue(lng, 'auth'), contact: catalogue(lng, 'contact') }]))
  writeFileSync(path.join(pages, 'form-texts.json'), JSON.stringify(texts))
  return webRoot
}

const webRoot = fakeBuild()
afterAll(() => rmSync(webRoot, { recursive: true, force: true }))

/** What the page's outcome script holds. */
function outcomeOf(response: LightMyRequestResponse): unknown {
  const json = /<script type="application\/json" id="form-outcome">(.*?)<\/script>/.exec(response.body)?.[1]
  return json ? JSON.parse(json) : undefined
}

describe.each(testDatabases)('forms posted without JavaScript on %s', (database: TestDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database, { WEB_ROOT: webRoot, LOGIN_RATE_LIMIT_MAX: '3' })
  })
  afterAll(async () => {
    await t.close()
  })

  /** A form posted from the app's own page, as a browser sends it. */
  const post = (url: string, fields: Record<string, string>, { headers = {}, remoteAddress = '192.0.2.1' }: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin', ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    })
  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })

  it(
    'signs in: the session cookie is set and the answer sends the browser to the dashboard',
    async () => {
      await signUpTestUser(t.app, { email: 'rosa@example.com', password: 'clave-de-rosa', preferredLanguage: 'fr' })
      const response = await post('/login', { email: ' Rosa@Example.com ', password: 'clave-de-rosa', lng: 'es' }, { remoteAddress: '192.0.2.10' })
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe('/dashboard')
      expect(response.cookies.find((cookie) => cookie.name === 'legado.session_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
      // The device mark reaches the sign-in page's form too, not every page; the app's language follows the account's.
      expect(response.cookies.filter((cookie) => cookie.name === 'legado.device').map((cookie) => cookie.path)).toEqual(['/api/auth', '/login'])
      expect(response.cookies.find((cookie) => cookie.name === 'i18next')?.value).toBe('fr')
      expect((await session(cookieHeader(response))).json()).toMatchObject({ user: { email: 'rosa@example.com' } })
    },
    slow,
  )

  it(
    'answers a wrong password with the page again: the Spanish message, the e-mail kept, the password never echoed',
    async () => {
      await signUpTestUser(t.app, { email: 'carmen@example.com', password: 'clave-de-carmen' })
      const response = await post('/login', { email: 'carmen@example.com', password: 'secreta<&>"', lng: 'es' }, { remoteAddress: '192.0.2.20' })
      expect(response.statusCode).toBe(401)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['content-language']).toBe('es')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.cookies).toEqual([])
      expect(response.body).toContain('<div role="alert">Correo electrónico o contraseña incorrectos.</div>')
      expect(response.body).toContain('<input type="email" name="email" value="carmen@example.com"/>')
      // The password is where to look: it has the focus.
      expect(response.body).toContain('<input type="password" autofocus="" name="password" value=""/>')
      expect(response.body).not.toContain('secreta')
      expect(outcomeOf(response)).toEqual({
        form: 'login',
        message: 'Correo electrónico o contraseña incorrectos.',
        values: { email: 'carmen@example.com' },
        field: 'password',
      })
    },
    slow,
  )

  it(
    'takes the form as the browser posts it from our page, whose no-referrer policy names the origin `null`',
    async () => {
      await signUpTestUser(t.app, { email: 'sin-referente@example.com', password: 'clave-sin-referente' })
      const response = await post('/login', { email: 'sin-referente@example.com', password: 'clave-sin-referente' }, { headers: { origin: 'null' }, remoteAddress: '192.0.2.12' })
      expect(response.statusCode).toBe(303)
    },
    slow,
  )

  it('answers in the language of the page the form was on, and escapes what was typed', async () => {
    const response = await post('/login', { email: '"><script>alert(1)</script>', password: 'x', lng: 'en' }, { remoteAddress: '192.0.2.21' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-language']).toBe('en')
    expect(response.body).toContain('<div role="alert">The email format is invalid.</div>')
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(response.body).not.toContain('<script>alert(1)')
    expect(outcomeOf(response)).toMatchObject({ values: { email: '"><script>alert(1)</script>' }, field: 'email' })
  })

  it(
    'counts form posts and JSON sign-ins against the same limits: the wait comes after three mistakes, whichever way they came',
    async () => {
      await signUpTestUser(t.app, { email: 'lucia@example.com', password: 'clave-de-lucia' })
      const json = (password: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'lucia@example.com', password }, remoteAddress })
      expect((await json('mala-1', '198.51.100.1')).statusCode).toBe(401)
      expect((await post('/login', { email: 'lucia@example.com', password: 'mala-2' }, { remoteAddress: '198.51.100.2' })).statusCode).toBe(401)
      expect((await json('mala-3', '198.51.100.3')).statusCode).toBe(401)

      const refused = await post('/login', { email: 'lucia@example.com', password: 'clave-de-lucia', lng: 'es' }, { remoteAddress: '198.51.100.4' })
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(refused.body).toContain('<div role="alert">Demasiados intentos por ahora. Vuelve a intentarlo más tarde.</div>')
      expect(refused.cookies).toEqual([])
      expect((await json('clave-de-lucia', '198.51.100.5')).statusCode).toBe(429)
    },
    slow,
  )

  it(
    'lets a known device past strangers’ guesses through the form as through the JSON route',
    async () => {
      const signedUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'abuela@example.com', password: 'clave-de-la-abuela' },
        remoteAddress: '192.0.2.30',
      })
      // What the browser sends to /login: the mark issued for that path.
      const mark = signedUp.cookies.find((cookie) => cookie.name === 'legado.device' && cookie.path === '/login')
      expect(mark).toBeDefined()
      for (let guess = 1; guess <= 4; guess += 1) await post('/login', { email: 'abuela@example.com', password: `adivinanza-${guess}` }, { remoteAddress: `203.0.113.${guess}` })
      expect((await post('/login', { email: 'abuela@example.com', password: 'clave-de-la-abuela' }, { remoteAddress: '192.0.2.31' })).statusCode).toBe(429)

      const fromHerLaptop = await post(
        '/login',
        { email: 'abuela@example.com', password: 'clave-de-la-abuela' },
        { remoteAddress: '192.0.2.30', headers: { cookie: `${mark!.name}=${mark!.value}` } },
      )
      expect(fromHerLaptop.statusCode).toBe(303)
    },
    slow,
  )

  it('refuses a form posted from another site, and signs nobody in', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://elsewhere.example' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of foreign) {
      const response = await post('/login', { email: 'rosa@example.com', password: 'clave-de-rosa' }, { headers })
      expect(response.statusCode).toBe(403)
      expect(response.cookies).toEqual([])
    }
    const contact = await post('/contact', { name: 'Spam', email: 'spam@example.com', message: 'Hola' }, { headers: { origin: 'https://elsewhere.example' } })
    expect(contact.statusCode).toBe(403)
    expect(await t.db.selectFrom('contactMessage').select('id').where('email', '=', 'spam@example.com').execute()).toEqual([])
  })

  it(
    'signs up and goes to the dashboard signed in, in the language of the page',
    async () => {
      const response = await post('/signup', { email: 'nueva@example.com', password: 'una-clave-nueva', confirmPassword: 'una-clave-nueva', lng: 'fr' })
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe('/dashboard')
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(response) } })
      expect(me.json()).toMatchObject({ email: 'nueva@example.com', preferredLanguage: 'fr', displayName: '' })
    },
    slow,
  )

  it('refuses a sign-up whose confirmation differs without making the account, and one for a registered e-mail', async () => {
    const mismatch = await post('/signup', { email: 'distraida@example.com', password: 'una-clave-nueva', confirmPassword: 'otra-clave', lng: 'es' })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.body).toContain('<div role="alert">Las contraseñas no coinciden.</div>')
    expect(mismatch.body).toContain('value="distraida@example.com"')
    expect(mismatch.body).toContain('autofocus="" name="confirmPassword"')
    expect(mismatch.body).not.toContain('una-clave-nueva')
    expect(await t.db.selectFrom('user').select('id').where('email', '=', 'distraida@example.com').execute()).toEqual([])

    await signUpTestUser(t.app, { email: 'repetida@example.com' })
    const taken = await post('/signup', { email: 'repetida@example.com', password: 'una-clave-nueva', confirmPassword: 'una-clave-nueva', lng: 'es' })
    expect(taken.statusCode).toBe(409)
    expect(taken.body).toContain('<div role="alert">Este correo electrónico ya está registrado. Intenta iniciar sesión.</div>')
  })

  it('sends a contact message as the web app does and thanks; a message left empty comes back with what was typed', async () => {
    const sent = await post('/contact', { name: 'Rosa Martínez', email: 'rosa.contacto@example.com', message: 'Me encanta Legado.', lng: 'es' })
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toContain('es/contact-sent')
    const stored = await t.db.selectFrom('contactMessage').selectAll().where('email', '=', 'rosa.contacto@example.com').execute()
    expect(stored).toMatchObject([{ name: 'Rosa Martínez', message: 'Me encanta Legado.', language: null, userId: null }])

    const empty = await post('/contact', { name: 'Rosa Martínez', email: 'rosa.contacto@example.com', message: '   ', lng: 'es' })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('<div role="alert">Escribe tu mensaje.</div>')
    expect(empty.body).toContain('<input name="name" value="Rosa Martínez"/>')
    expect(empty.body).toContain('<textarea autofocus="" name="message">   </textarea>')
  })

  it('takes only form bodies on these paths', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/login', headers: { origin }, payload: { email: 'rosa@example.com', password: 'clave-de-rosa' } })
    expect(response.statusCode).toBe(415)
  })
})
