import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, type TestApp } from '../test/test-app.ts'

/** A web root as the build leaves it (scripts/prerender.mjs), with pages that name themselves. */
function fakeBuild(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'legado-pages-'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
  const manifest = {
    languages: ['es', 'en', 'fr'],
    defaultLanguage: 'es',
    pages: { '/': 'landing', '/login': 'login', '/signup': 'signup', '/contact': 'contact' },
    notFound: 'not-found',
    appPages: { '/dashboard': 'app-dashboard', '/family-tree': 'app-family-tree', '/interview/:memberId': 'app-interview' },
    signedInShells: { '/dashboard': ['app-dashboard-signed-in-q1', 'app-dashboard-signed-in-q2'], '/family-tree': ['app-family-tree-signed-in'] },
  }
  mkdirSync(path.join(webRoot, 'pages'))
  writeFileSync(path.join(webRoot, 'pages', 'manifest.json'), JSON.stringify(manifest))
  for (const lng of manifest.languages) {
    mkdirSync(path.join(webRoot, 'pages', lng))
    const names = ['landing', 'login', 'signup', 'contact', 'not-found', 'app-dashboard', 'app-family-tree', 'app-interview']
    for (const name of [...names, ...Object.values(manifest.signedInShells).flat()]) {
      const html = `<!doctype html><html lang="${lng}"><body>${lng}/${name} ${'recuerdo '.repeat(200)}</body></html>`
      const file = path.join(webRoot, 'pages', lng, `${name}.html`)
      writeFileSync(file, html)
      writeFileSync(`${file}.br`, brotliCompressSync(html))
      writeFileSync(`${file}.gz`, gzipSync(html))
    }
  }
  return webRoot
}

describe('serving the pre-rendered pages', () => {
  let t: TestApp
  const webRoot = fakeBuild()
  beforeAll(async () => {
    t = await createTestApp('sqlite', { WEB_ROOT: webRoot })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webRoot, { recursive: true, force: true })
  })
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  const page = (body: string) => /<body>(\S+)/.exec(body)?.[1]

  it('serves each public page in the visitor’s language: ?lng=, then the cookie, then the browser’s, else Spanish', async () => {
    expect(page((await get('/')).body)).toBe('es/landing')
    expect(page((await get('/login', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' })).body)).toBe('fr/login')
    expect(page((await get('/signup', { 'accept-language': 'fr', cookie: 'i18next=en' })).body)).toBe('en/signup')
    expect(page((await get('/contact?lng=fr', { cookie: 'i18next=en', 'accept-language': 'es' })).body)).toBe('fr/contact')
    expect(page((await get('/', { 'accept-language': 'de-DE,de;q=0.9' })).body)).toBe('es/landing')
  })

  it('says which language it sent and keeps the page out of shared caches', async () => {
    const response = await get('/', { 'accept-language': 'en' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['content-language']).toBe('en')
    expect(response.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding')
    expect(response.headers['cache-control']).toBe('private, no-cache')
  })

  it('answers a repeat visit with 304 while the page is unchanged', async () => {
    const first = await get('/login', { 'accept-language': 'fr' })
    const again = await get('/login', { 'accept-language': 'fr', 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const otherLanguage = await get('/login', { 'accept-language': 'en', 'if-none-match': String(first.headers.etag) })
    expect(otherLanguage.statusCode).toBe(200)
  })

  it('sends each signed-in page its own app shell, whatever the case or trailing slash', async () => {
    for (const [url, shell] of [
      ['/dashboard', 'fr/app-dashboard'],
      ['/Dashboard/', 'fr/app-dashboard'],
      ['/interview/0190a1b2-c3d4', 'fr/app-interview'],
    ]) {
      const response = await get(url as string, { cookie: 'i18next=fr' })
      expect(response.statusCode, url).toBe(200)
      expect(page(response.body), url).toBe(shell)
    }
  })

  it('sends someone signed in a signed-in page drawn for them, in their language, and no one else', async () => {
    const user = await createTestUser(t.app)
    const signedIn = (url: string) => as(t.app, user)({ method: 'GET', url, headers: { 'accept-language': 'fr' } })
    const tree = await signedIn('/family-tree')
    expect(page(tree.body)).toBe('fr/app-family-tree-signed-in')
    // Chosen by the session: kept out of shared caches, and checked again by the browser each time.
    expect(tree.headers['cache-control']).toBe('private, no-cache')
    expect(tree.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding')
    const dashboards = new Set<string | undefined>()
    for (let visit = 0; visit < 40; visit += 1) dashboards.add(page((await signedIn('/dashboard')).body))
    expect([...dashboards].sort(), 'the dashboard’s quote is picked among its shells').toEqual(['fr/app-dashboard-signed-in-q1', 'fr/app-dashboard-signed-in-q2'])
    // A page without such shells is the one that waits for the session, signed in or not.
    expect(page((await signedIn('/interview/0190a1b2-c3d4')).body)).toBe('fr/app-interview')

    // A visitor, a forged cookie and a signed-out session get the shell that sends them to sign in.
    const forged = user.cookie.replace(/=(.)/, (_match, first: string) => `=${first === 'a' ? 'b' : 'a'}`)
    expect(page((await get('/family-tree', { 'accept-language': 'fr' })).body)).toBe('fr/app-family-tree')
    expect(page((await get('/family-tree', { 'accept-language': 'fr', cookie: forged })).body)).toBe('fr/app-family-tree')
    await as(t.app, user)({ method: 'POST', url: '/api/auth/sign-out', payload: {} })
    expect(page((await signedIn('/family-tree')).body)).toBe('fr/app-family-tree')
    expect(page((await signedIn('/dashboard')).body)).toBe('fr/app-dashboard')
  })

  it('answers any other path with the 404 page in the visitor’s language', async () => {
    for (const url of ['/no/such/page', '/interview', '/dashboard/extra', '/assets/missing.js']) {
      const response = await get(url, { 'accept-language': 'en-US' })
      expect(response.statusCode, url).toBe(404)
      expect(page(response.body), url).toBe('en/not-found')
    }
  })

  it('sends the compressed copy the browser accepts', async () => {
    const brotli = await get('/', { 'accept-encoding': 'gzip, br', 'accept-language': 'fr' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(page(brotliDecompressSync(brotli.rawPayload).toString())).toBe('fr/landing')
    const gzip = await get('/', { 'accept-encoding': 'gzip, br;q=0' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('keeps unknown /api paths a JSON 404', async () => {
    const response = await get('/api/missing', { 'accept-language': 'en' })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('not_found')
  })
})
