import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app.ts'

/** A web root as the build leaves it (scripts/prerender.mjs), with pages that name themselves. */
function fakeBuild(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'legado-pages-'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
  const manifest = {
    languages: ['es', 'en', 'fr'],
    defaultLanguage: 'es',
    pages: { '/': 'landing', '/login': 'login', '/signup': 'signup', '/contact': 'contact' },
    notFound: 'not-found',
    appPages: { '/dashboard': 'app-dashboard', '/interview/:memberId': 'app-interview' },
  }
  mkdirSync(path.join(webRoot, 'pages'))
  writeFileSync(path.join(webRoot, 'pages', 'manifest.json'), JSON.stringify(manifest))
  for (const lng of manifest.languages) {
    mkdirSync(path.join(webRoot, 'pages', lng))
    for (const name of ['landing', 'login', 'signup', 'contact', 'not-found', 'app-dashboard', 'app-interview']) {
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
