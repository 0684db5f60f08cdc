import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { createTestApp, createTestUser, testDatabases, type TestApp } from './test/test-app.ts'

describe.each(testDatabases)('the app on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('reports health with the database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', db: database, storage: 'local', ai: 'guided' })
  })

  it('sends security headers and a CSP that names no third-party origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/https?:\/\//)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBeDefined()
  })

  it('answers unknown API paths with a JSON 404 in the error model', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
  })

  it('documents the API as OpenAPI at /api/docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(spec.statusCode).toBe(200)
    const paths = Object.keys(spec.json().paths)
    expect(paths).toEqual(expect.arrayContaining(['/api/dreams', '/api/dreams/{id}', '/api/auth/sign-up/email', '/api/contact', '/api/health', '/api/me']))
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400)
  })

  it('stores a contact message, and names its invalid fields', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: ' Lucía ', email: 'lucia@example.com', message: ' Hola, ¿cómo exporto? ', language: 'es' },
    })
    expect(ok.statusCode).toBe(201)
    const { id } = ok.json()
    const row = await t.db.selectFrom('contactMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Lucía', email: 'lucia@example.com', message: 'Hola, ¿cómo exporto?', language: 'es', userId: null })

    const bad = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: ' ', email: 'nope', message: '' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details).toEqual([
      { path: 'name', code: 'contact.name_required' },
      { path: 'email', code: 'validation.invalid_email' },
      { path: 'message', code: 'contact.message_required' },
    ])
  })

  it('accepts a limited number of contact messages per sender address', async () => {
    const limited = await createTestApp(database, { CONTACT_RATE_LIMIT_PER_HOUR: '2' })
    try {
      const send = () => limited.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '198.51.100.7', payload: { name: 'A', email: 'a@example.com', message: 'Hola' } })
      expect((await send()).statusCode).toBe(201)
      expect((await send()).statusCode).toBe(201)
      const third = await send()
      expect(third.statusCode).toBe(429)
      expect(third.json().error.code).toBe('rate_limited')
      expect(third.headers['retry-after']).toBeDefined()
      const rows = await limited.db.selectFrom('contactMessage').select('id').execute()
      expect(rows).toHaveLength(2)
    } finally {
      await limited.close()
    }
  })

  it('links a contact message to the signed-in sender', async () => {
    const user = await createTestUser(t.app)
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie: user.cookie }, payload: { name: 'Yo', email: user.email, message: 'Gracias' } })
    const row = await t.db.selectFrom('contactMessage').select('userId').where('id', '=', response.json().id).executeTakeFirstOrThrow()
    expect(row.userId).toBe(user.id)
  })
})

describe('serving the web app', () => {
  let t: TestApp
  const webRoot = mkdtempSync(path.join(tmpdir(), 'legado-web-'))
  beforeAll(async () => {
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true })
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Legado</title><div id="root"></div>')
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)')
    // As the build leaves them: a brotli and a gzip copy beside a larger file.
    const big = `console.log(${JSON.stringify('recuerdos '.repeat(300))})`
    writeFileSync(path.join(webRoot, 'assets', 'big-def456.js'), big)
    writeFileSync(path.join(webRoot, 'assets', 'big-def456.js.br'), brotliCompressSync(big))
    writeFileSync(path.join(webRoot, 'assets', 'big-def456.js.gz'), gzipSync(big))
    t = await createTestApp('sqlite', { WEB_ROOT: webRoot })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webRoot, { recursive: true, force: true })
  })

  it('serves index.html for every non-API path so the client router can answer', async () => {
    for (const url of ['/', '/my-dreams', '/interview/123', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root">')
    }
  })

  it('serves the build’s compressed copy the browser accepts, and the plain file to others', async () => {
    const big = `console.log(${JSON.stringify('recuerdos '.repeat(300))})`
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(big)
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(big)
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(big)
    expect(plain.headers['content-type']).toContain('javascript')
  })

  it('serves hashed assets with a long cache and keeps /api 404s in JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const api = await t.app.inject({ method: 'GET', url: '/api/missing' })
    expect(api.statusCode).toBe(404)
    expect(api.json().error.code).toBe('not_found')
  })
})

describe('the auth secret', () => {
  it('is generated once, kept in DATA_DIR, and keeps sessions valid across a restart', async () => {
    const first = await createTestApp('sqlite')
    const user = await createTestUser(first.app)
    await first.app.close()
    const restarted = await buildApp(loadConfig({ ...first.env }))
    try {
      const me = await restarted.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })
      expect(me.statusCode).toBe(200)
    } finally {
      await restarted.close()
      await first.close().catch(() => undefined)
    }
  })
})
