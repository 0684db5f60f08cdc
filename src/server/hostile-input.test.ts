import fc from 'fast-check'
import { strToU8, zipSync } from 'fflate'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isErrorBody, type ErrorBody } from '../shared/errors.ts'
import { multipartFile } from './test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from './test/test-app.ts'

// Hostile input on every API route of the route table: random JSON bodies, query strings, path
// ids and headers, sent with a live session. Whatever comes in, nothing fails on our side (no 5xx
// but the answers designed as such: no AI model here, a full quota), and a refusal is always the
// error model.

/** 5xx answers that are designed, not failures: the guided mode has no model; storage can be full. */
const designed5xx = new Set(['ai_unavailable', 'media.quota_exceeded'])

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/')

/** Text a person or a script might type: any unicode, emoji and all, or nasty ASCII. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '%00', 'a\u0000b', '{"a":1}', "' OR 1=1 --", '<script>alert(1)</script>', '\u202e', 'null'),
)
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'text',
      'content',
      'title',
      'message',
      'memberId',
      'dreamId',
      'language',
      'firstName',
      'lastName',
      'saveMethod',
      'originalText',
      'aiVariationText',
      'mediaAssetIds',
      'carried',
      'email',
      'password',
      'dreamDate',
      'caption',
    ),
    fc.oneof(anyText, fc.jsonValue({ maxDepth: 2 })),
  ),
)

describe.each(testDatabases)('hostile input on every API route, on %s', (database) => {
  let t: TestApp
  let user: TestUser
  let realIds: string[]
  /** The errors routes ended with, newest last: a 500's message names its cause. */
  const lastErrors: string[] = []
  const causes = () => lastErrors.slice(-2).join('\n')

  beforeAll(async () => {
    const onError = (error: Error, request: string) => {
      lastErrors.push(`${request}: ${error.stack ?? String(error)}`)
      if (lastErrors.length > 10) lastErrors.shift()
    }
    t = await createTestApp(database, {}, { onError })
    user = await createTestUser(t.app)
    const member = (await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })).json().member
      .memberId
    const dream = (await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { content: 'Volaba' } })).json().id
    realIds = [member, dream]
  })
  afterAll(() => t.close())

  it('never fails on our side, and refuses in the error model', async () => {
    const routes = [
      ...new Set(
        t.app.routeTable
          .filter((route) => route.url.startsWith('/api') && !isDocs(route.url) && !route.url.includes('*') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
          .map((route) => `${route.method} ${route.url}`),
      ),
    ]
    expect(routes.length).toBeGreaterThan(30)
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [InjectOptions['method'] & string, string]
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom(...realIds), anyText),
          fc.dictionary(
            fc.constantFrom('memberId', 'entryId', 'dreamId', 'language', 'lng', 'format', 'version', 'preview', 'x'),
            fc.oneof(anyText, fc.constantFrom('gdz', 'ged', '7.0', '5.5.1', '1')),
            { maxKeys: 3 },
          ),
          anyJson,
          fc.record({
            'accept-language': anyText.map((value) => value.replace(/[^\x20-\x7e]/g, '')),
            range: fc.constantFrom('', 'bytes=0-1', 'bytes=-5', 'bytes=9-1', 'bytes=abc'),
          }),
          async (id, query, body, headers) => {
            const url = pattern.replace(/:\w+/g, encodeURIComponent(id || 'x'))
            const search = new URLSearchParams(query as Record<string, string>).toString()
            const response = await as(
              t.app,
              user,
            )({
              method,
              url: search ? `${url}?${search}` : url,
              headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')),
              ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body as object }),
            })
            if (response.statusCode < 400) return
            const answer: unknown = JSON.parse(response.body)
            expect(isErrorBody(answer), `${route}: ${response.body.slice(0, 300)}`).toBe(true)
            if (response.statusCode >= 500)
              expect(designed5xx.has((answer as ErrorBody).error.code), `${route} → ${response.statusCode}: ${response.body.slice(0, 300)}\n${causes()}`).toBe(true)
          },
        ),
        { numRuns: 25, seed: 20261123 },
      )
    }
  }, 120_000)

  it('refuses a broken or hostile archive in the error model, as a GEDZIP and as an account export', async () => {
    const gedcom = strToU8('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Eva /Paz/\n1 OBJE\n2 FILE fotos/eva.jpg\n0 TRLR\n')
    const whole = zipSync({ 'gedcom.ged': gedcom, 'fotos/eva.jpg': strToU8('no es una foto') })
    const archive = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      // A real archive cut short, or with bytes flipped: headers that promise what is not there.
      fc.nat(whole.length - 1).map((end) => whole.slice(0, end)),
      fc.tuple(fc.nat(whole.length - 1), fc.integer({ min: 1, max: 255 })).map(([at, flip]) => whole.map((byte, n) => (n === at ? byte ^ flip : byte))),
    )
    await fc.assert(
      fc.asyncProperty(
        archive,
        fc.constantFrom(['/api/family-tree/gedcom', 'arbol.gdz'], ['/api/family-tree/gedcom?preview=1', 'arbol.gdz'], ['/api/me/import', 'legado.zip']),
        async (bytes, [url, fileName]) => {
          const response = await as(t.app, user)({ method: 'POST', url, ...multipartFile('file', fileName, bytes) })
          if (response.statusCode < 400) return
          const answer: unknown = JSON.parse(response.body)
          expect(isErrorBody(answer), `${url}: ${response.body.slice(0, 300)}`).toBe(true)
          expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}\n${response.statusCode >= 500 ? causes() : ''}`).toBeLessThan(500)
        },
      ),
      { numRuns: 40, seed: 20261125 },
    )
  }, 120_000)

  it('keeps unicode as it was written, emoji, accents, combining marks and right-to-left text alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((value) => value.trim() === value && value.length > 0),
        async (content) => {
          const created = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { title: content, content } })
          expect(created.statusCode, created.body).toBe(201)
          const read = (await as(t.app, user)({ method: 'GET', url: `/api/dreams/${created.json().id}` })).json()
          expect(read.content).toBe(content)
          expect(read.title).toBe(content)
        },
      ),
      { numRuns: 25, seed: 20261123, examples: [['Abuela Rosa 👵🏽 cantaba «boleros» ❤️'], ['é (e + ◌́) vs é'], ['שלום עולם'], ['👨‍👩‍👧‍👦 familia']] },
    )
  })
})
