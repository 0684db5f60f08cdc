import type { InjectOptions } from 'fastify'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from './test/test-app.ts'
import { seedOwnerData, type OwnerIds } from './test/owner-data.ts'
import { gedcomUpload, multipartFile } from './test/multipart.ts'
import { webmHeader } from './test/media-fixtures.ts'
import { encodeMetadata, tusClient, tusHeaders } from './test/tus-client.ts'

// The cross-user matrix, generated from the app's own route table: every API route is classified
// below, and a route that is not makes the first test fail. Each route that names something of a
// person's (in its path, its query, its body or its upload metadata) is called by another user
// (404, never a leak), without a session and with a signed-out session (401); the owner's data is
// the same afterwards.

type Call = (ids: OwnerIds) => InjectOptions

/** Routes anyone may call. */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/session',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'GET /api/auth/password-reset',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/contact',
  // An invitation's page is read, and may be declined, before its person has an account: its
  // unguessable token is the key (the circle's tests).
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/decline',
  'GET /api/auth/*',
  'POST /api/auth/*',
])

/** Routes about the caller's own data that name nothing of anyone's: only a session is asked. */
const ownRoutes: Record<string, InjectOptions> = {
  'GET /api/me': { method: 'GET', url: '/api/me' },
  'PATCH /api/me': { method: 'PATCH', url: '/api/me', payload: { displayName: 'Otro' } },
  'DELETE /api/me': { method: 'DELETE', url: '/api/me', payload: { password: 'no-es-la-clave' } },
  'GET /api/me/export': { method: 'GET', url: '/api/me/export' },
  'POST /api/me/import': { method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', Buffer.from('PK')) },
  'POST /api/auth/change-password': { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'una-clave', newPassword: 'otra-clave-nueva' } },
  'GET /api/dashboard/recent': { method: 'GET', url: '/api/dashboard/recent' },
  'GET /api/dashboard/family-news': { method: 'GET', url: '/api/dashboard/family-news' },
  'GET /api/dashboard/on-this-day': { method: 'GET', url: '/api/dashboard/on-this-day?today=2026-05-17' },
  'POST /api/dashboard/family-news/seen': { method: 'POST', url: '/api/dashboard/family-news/seen', payload: { until: '2026-01-01T00:00:00Z' } },
  'GET /api/dreams': { method: 'GET', url: '/api/dreams' },
  'GET /api/media/limits': { method: 'GET', url: '/api/media/limits' },
  'POST /api/dreams': { method: 'POST', url: '/api/dreams', payload: { content: 'Un sueño' } },
  'GET /api/family-tree': { method: 'GET', url: '/api/family-tree' },
  'GET /api/family-tree/index': { method: 'GET', url: '/api/family-tree/index' },
  'GET /api/family-tree/self-card': { method: 'GET', url: '/api/family-tree/self-card' },
  // Another tree's ids are left out (the tree page reads' tests): the caller's own tree answers.
  'GET /api/family-tree/members': { method: 'GET', url: '/api/family-tree/members?ids=someone' },
  'POST /api/family-tree/own-card': { method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Tomás Pérez' } },
  'POST /api/family-tree/members': { method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'A', lastName: 'B', relationshipToOwner: 'Tía' } },
  'GET /api/family-tree/gedcom': { method: 'GET', url: '/api/family-tree/gedcom?version=5.5.1' },
  'POST /api/family-tree/gedcom': {
    method: 'POST',
    url: '/api/family-tree/gedcom?preview=1',
    ...gedcomUpload('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Eva /Paz/\n0 TRLR\n'),
  },
  'GET /api/family-tree/gedcom?gdz': { method: 'GET', url: '/api/family-tree/gedcom?version=7.0&format=gdz' },
  'POST /api/family-tree/gedcom?gdz': {
    method: 'POST',
    url: '/api/family-tree/gedcom',
    ...gedcomUpload(zipSync({ 'gedcom.ged': strToU8('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Eva /Paz/\n0 TRLR\n') }), { fileName: 'arbol.gdz' }),
  },
  'GET /api/biography/entries': { method: 'GET', url: '/api/biography/entries' },
  'POST /api/biography/entries': { method: 'POST', url: '/api/biography/entries', payload: { content: 'Un recuerdo' } },
  'GET /api/biography/chat': { method: 'GET', url: '/api/biography/chat' },
  'POST /api/biography/chat': { method: 'POST', url: '/api/biography/chat', payload: { message: 'Hola' } },
  'GET /api/ai-lab/status': { method: 'GET', url: '/api/ai-lab/status' },
  'GET /api/ai-lab/constellations': { method: 'GET', url: '/api/ai-lab/constellations' },
  'POST /api/ai-lab/variations': { method: 'POST', url: '/api/ai-lab/variations', payload: { text: 'Un recuerdo' } },
  'GET /api/ai-lab/memories': { method: 'GET', url: '/api/ai-lab/memories' },
  'GET /api/trees': { method: 'GET', url: '/api/trees' },
  'GET /api/me/reach': { method: 'GET', url: '/api/me/reach' },
  'PUT /api/trees/active': { method: 'PUT', url: '/api/trees/active', payload: { own: true } },
  'POST /api/invitations/:token/accept': { method: 'POST', url: `/api/invitations/${'x'.repeat(43)}/accept`, payload: {} },
  'POST /api/ai-lab/memories': { method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'Un recuerdo', saveMethod: 'original' } },
  'GET /api/listening-links': { method: 'GET', url: '/api/listening-links' },
  'DELETE /api/listening-links': { method: 'DELETE', url: '/api/listening-links' },
  'GET /api/books': { method: 'GET', url: '/api/books' },
  'GET /api/search': { method: 'GET', url: '/api/search?q=finca' },
}

/** The owner's recording of the grandmother and its listening link, made in the set-up. */
const listening = { recording: '', link: '' }

/** The owner's book, made in the set-up. */
const ownerBook = { id: '' }
const bookOf = (ids: OwnerIds) => ({ kind: 'person', memberId: ids.member, language: 'es' })

/** Routes that name something of a person's: another user must meet 404. */
const namingRoutes: Record<string, Call> = {
  'POST /api/books/draft': (ids) => ({ method: 'POST', url: '/api/books/draft', payload: bookOf(ids) }),
  'POST /api/books': (ids) => ({ method: 'POST', url: '/api/books', payload: bookOf(ids) }),
  'POST /api/books/retell': (ids) => ({ method: 'POST', url: '/api/books/retell', payload: { options: bookOf(ids), chapterKey: `photos:${ids.member}` } }),
  'GET /api/books/:id': () => ({ method: 'GET', url: `/api/books/${ownerBook.id}` }),
  'GET /api/books/:id/pdf': () => ({ method: 'GET', url: `/api/books/${ownerBook.id}/pdf` }),
  'POST /api/books/:id/cancel': () => ({ method: 'POST', url: `/api/books/${ownerBook.id}/cancel` }),
  'DELETE /api/books/:id': () => ({ method: 'DELETE', url: `/api/books/${ownerBook.id}` }),
  'GET /api/dreams/:id': (ids) => ({ method: 'GET', url: `/api/dreams/${ids.dream}` }),
  'PATCH /api/dreams/:id': (ids) => ({ method: 'PATCH', url: `/api/dreams/${ids.dream}`, payload: { content: 'Cambiado' } }),
  'DELETE /api/dreams/:id': (ids) => ({ method: 'DELETE', url: `/api/dreams/${ids.dream}` }),
  'GET /api/family-tree/members/:memberId': (ids) => ({ method: 'GET', url: `/api/family-tree/members/${ids.member}` }),
  'GET /api/family-tree/view': (ids) => ({ method: 'GET', url: `/api/family-tree/view?centre=${ids.member}` }),
  'GET /api/timeline/members/:memberId': (ids) => ({ method: 'GET', url: `/api/timeline/members/${ids.member}` }),
  'GET /api/timeline/family': (ids) => ({ method: 'GET', url: `/api/timeline/family?branch=${ids.member}` }),
  'PATCH /api/family-tree/members/:memberId': (ids) => ({ method: 'PATCH', url: `/api/family-tree/members/${ids.member}`, payload: { firstName: 'Cambiado' } }),
  'POST /api/family-tree/members/:memberId/is-me': (ids) => ({ method: 'POST', url: `/api/family-tree/members/${ids.member}/is-me` }),
  'DELETE /api/family-tree/members/:memberId': (ids) => ({ method: 'DELETE', url: `/api/family-tree/members/${ids.member}` }),
  'PUT /api/family-tree/members/:memberId/open-to-viewers': (ids) => ({ method: 'PUT', url: `/api/family-tree/members/${ids.member}/open-to-viewers`, payload: { open: true } }),
  'GET /api/family-tree/members/:memberId/shared-memories': (ids) => ({ method: 'GET', url: `/api/family-tree/members/${ids.member}/shared-memories` }),
  'DELETE /api/family-tree/members/:memberId/link': (ids) => ({ method: 'DELETE', url: `/api/family-tree/members/${ids.member}/link` }),
  'GET /api/trees/:treeId/circle': (ids) => ({ method: 'GET', url: `/api/trees/${ids.tree}/circle` }),
  'POST /api/trees/:treeId/invitations': (ids) => ({ method: 'POST', url: `/api/trees/${ids.tree}/invitations`, payload: { role: 'editor' } }),
  'DELETE /api/trees/:treeId/invitations/:invitationId': (ids) => ({ method: 'DELETE', url: `/api/trees/${ids.tree}/invitations/${ids.invitation}` }),
  'PATCH /api/trees/:treeId/people/:userId': (ids) => ({ method: 'PATCH', url: `/api/trees/${ids.tree}/people/${ids.owner}`, payload: { role: 'viewer' } }),
  'DELETE /api/trees/:treeId/people/:userId': (ids) => ({ method: 'DELETE', url: `/api/trees/${ids.tree}/people/${ids.owner}` }),
  'GET /api/family-tree/gedcom/imports/:id': (ids) => ({ method: 'GET', url: `/api/family-tree/gedcom/imports/${ids.gedcomImport}` }),
  'DELETE /api/family-tree/gedcom/imports/:id': (ids) => ({ method: 'DELETE', url: `/api/family-tree/gedcom/imports/${ids.gedcomImport}` }),
  'PATCH /api/biography/entries/:id': (ids) => ({ method: 'PATCH', url: `/api/biography/entries/${ids.entry}`, payload: { title: 'Cambiado' } }),
  'DELETE /api/biography/entries/:id': (ids) => ({ method: 'DELETE', url: `/api/biography/entries/${ids.entry}` }),
  'PUT /api/biography/entries/:id/share': (ids) => ({ method: 'PUT', url: `/api/biography/entries/${ids.entry}/share`, payload: { treeId: ids.tree } }),
  'DELETE /api/biography/entries/:id/share/:treeId': (ids) => ({ method: 'DELETE', url: `/api/biography/entries/${ids.entry}/share/${ids.tree}` }),
  'PATCH /api/biography/conversations/:id': (ids) => ({ method: 'PATCH', url: `/api/biography/conversations/${ids.biographyConversation}`, payload: { title: 'Cambiado' } }),
  'PATCH /api/interviews/:id': (ids) => ({ method: 'PATCH', url: `/api/interviews/${ids.session}`, payload: { answer: 'Cambiado' } }),
  'PATCH /api/interviews/conversations/:id': (ids) => ({ method: 'PATCH', url: `/api/interviews/conversations/${ids.interviewConversation}`, payload: { title: 'Cambiado' } }),
  'GET /api/facts': (ids) => ({ method: 'GET', url: `/api/facts?memberId=${ids.member}` }),
  'POST /api/facts/:id/accept': (ids) => ({ method: 'POST', url: `/api/facts/${ids.fact}/accept`, payload: {} }),
  'POST /api/facts/:id/dismiss': (ids) => ({ method: 'POST', url: `/api/facts/${ids.fact}/dismiss` }),
  'GET /api/interviews': (ids) => ({ method: 'GET', url: `/api/interviews?memberId=${ids.member}` }),
  'GET /api/interviews/chat': (ids) => ({ method: 'GET', url: `/api/interviews/chat?memberId=${ids.member}` }),
  'POST /api/interviews/chat': (ids) => ({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: ids.member, message: 'Hola' } }),
  'DELETE /api/interviews/:id': (ids) => ({ method: 'DELETE', url: `/api/interviews/${ids.session}` }),
  'GET /api/media': (ids) => ({ method: 'GET', url: `/api/media?memberId=${ids.member}` }),
  'GET /api/media?entryId': (ids) => ({ method: 'GET', url: `/api/media?entryId=${ids.entry}` }),
  'GET /api/media/:id': (ids) => ({ method: 'GET', url: `/api/media/${ids.media}` }),
  'PATCH /api/media/:id': (ids) => ({ method: 'PATCH', url: `/api/media/${ids.media}`, payload: { caption: 'Cambiado' } }),
  'DELETE /api/media/:id': (ids) => ({ method: 'DELETE', url: `/api/media/${ids.media}` }),
  'POST /api/media/:id/links': (ids) => ({ method: 'POST', url: `/api/media/${ids.media}/links`, payload: { linkedToType: 'interviewSession', linkedToId: ids.session } }),
  'GET /api/media/:id/content': (ids) => ({ method: 'GET', url: `/api/media/${ids.media}/content` }),
  'GET /api/media/:id/thumbnail': (ids) => ({ method: 'GET', url: `/api/media/${ids.media}/thumbnail` }),
  'DELETE /api/ai-lab/memories/:id': (ids) => ({ method: 'DELETE', url: `/api/ai-lab/memories/${ids.labMemory}` }),
  'PUT /api/ai-lab/memories/:id/share': (ids) => ({ method: 'PUT', url: `/api/ai-lab/memories/${ids.labMemory}/share`, payload: { treeId: ids.tree } }),
  'DELETE /api/ai-lab/memories/:id/share/:treeId': (ids) => ({ method: 'DELETE', url: `/api/ai-lab/memories/${ids.labMemory}/share/${ids.tree}` }),
  'GET /api/ai-lab/dream-readings': (ids) => ({ method: 'GET', url: `/api/ai-lab/dream-readings?dreamId=${ids.dream}` }),
  'POST /api/ai-lab/dream-readings': (ids) => ({ method: 'POST', url: '/api/ai-lab/dream-readings', payload: { dreamId: ids.dream } }),
  'POST /api/listening-links': () => ({ method: 'POST', url: '/api/listening-links', payload: { mediaId: listening.recording, expiry: 'never' } }),
  'DELETE /api/listening-links/:id': () => ({ method: 'DELETE', url: `/api/listening-links/${listening.link}` }),
  'POST /api/uploads': (ids) => ({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...tusHeaders, 'upload-length': '4', 'upload-metadata': encodeMetadata({ filename: 'x.txt', linkedToType: 'member', linkedToId: ids.member }) },
  }),
}

/** tus's own verbs on an upload in progress: the upload's id is the caller's, checked by the tus tests. */
const uploadProtocolRoutes = new Set([
  'POST /api/uploads/',
  'POST /api/uploads/*',
  'PATCH /api/uploads',
  'PATCH /api/uploads/',
  'PATCH /api/uploads/*',
  'DELETE /api/uploads',
  'DELETE /api/uploads/',
  'DELETE /api/uploads/*',
])

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/')

describe.each(testDatabases)('who may reach what, on every API route, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser
  let signedOut: TestUser
  let ids: OwnerIds

  /** Everything the owner can read, to prove nothing changed. */
  async function ownerSnapshot() {
    const read = async (url: string) => (await as(t.app, owner)({ method: 'GET', url })).json()
    return {
      dreams: await read('/api/dreams'),
      tree: await read('/api/family-tree'),
      entries: await read('/api/biography/entries'),
      media: await read(`/api/media?memberId=${ids.member}`),
      sessions: await read(`/api/interviews?memberId=${ids.member}`),
      memories: await read('/api/ai-lab/memories'),
      me: await read('/api/me'),
      circle: await read(`/api/trees/${ids.tree}/circle`),
      listeningLinks: await read('/api/listening-links'),
      books: await read('/api/books'),
    }
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    ;[owner, stranger, signedOut] = [await createTestUser(t.app), await createTestUser(t.app), await createTestUser(t.app)]
    expect((await as(t.app, signedOut)({ method: 'POST', url: '/api/auth/sign-out', payload: {} })).statusCode).toBe(200)

    ids = await seedOwnerData(t.app, owner)
    const voice = await tusClient(t.app, owner).createWithData(webmHeader(), { filename: 'voz.webm', filetype: 'audio/webm', linkedToType: 'member', linkedToId: ids.member })
    listening.recording = String(voice.headers['legado-media-id'])
    const shared = await as(t.app, owner)({ method: 'POST', url: '/api/listening-links', payload: { mediaId: listening.recording } })
    expect(shared.statusCode, shared.body).toBe(201)
    listening.link = shared.json().id
    const book = await as(t.app, owner)({ method: 'POST', url: '/api/books', payload: bookOf(ids) })
    expect(book.statusCode, book.body).toBe(201)
    ownerBook.id = book.json().id
    // Made before the matrix runs: the owner's list must read the same before and after each call.
    while (/queued|running/.test((await as(t.app, owner)({ method: 'GET', url: `/api/books/${ownerBook.id}` })).json().status))
      await new Promise((resolve) => setTimeout(resolve, 100))
    // The stranger keeps a tree of their own: a route that tells someone without a tree apart
    // (family_tree.no_tree) must still answer them not_found for the owner's member.
    const own = await as(t.app, stranger)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Tomás', lastName: 'Pérez', relationshipToOwner: 'Tío' } })
    expect(own.statusCode, own.body).toBe(201)
  })
  afterAll(() => t.close())

  it('classifies every API route, so none escapes the matrix', () => {
    const routes = [
      ...new Set(
        t.app.routeTable
          .filter((route) => route.url.startsWith('/api') && !isDocs(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
          .map((route) => `${route.method} ${route.url}`),
      ),
    ]
    // A key may add `?field` to tell apart two calls of one route (the media of a member, of a memory;
    // a GEDCOM file and a GEDZIP).
    const known = new Set([...publicRoutes, ...[...Object.keys(ownRoutes), ...Object.keys(namingRoutes)].map((key) => key.split('?')[0]!), ...uploadProtocolRoutes])
    expect(routes.filter((route) => !known.has(route))).toEqual([])
    expect([...known].filter((route) => !routes.includes(route))).toEqual([])
  })

  it('answers another user 404 on every route that names the owner’s things, and changes nothing', async () => {
    const before = await ownerSnapshot()
    for (const [route, call] of Object.entries(namingRoutes)) {
      const response = await as(t.app, stranger)(call(ids))
      expect(response.statusCode, `${route}: ${response.body}`).toBe(404)
      if (response.headers['content-type']?.toString().includes('json')) expect(response.json().error.code, route).toBe('not_found')
    }
    expect(await ownerSnapshot()).toEqual(before)
  })

  it('exports another user only their own tree: no person, family or file of the owner in their GEDCOM or GEDZIP', async () => {
    const gedcom = await as(t.app, stranger)({ method: 'GET', url: '/api/family-tree/gedcom?version=7.0' })
    expect(gedcom.statusCode).toBe(200)
    const gedzip = await as(t.app, stranger)({ method: 'GET', url: '/api/family-tree/gedcom?version=7.0&format=gdz' })
    expect(gedzip.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(gedzip.rawPayload))
    const texts = [gedcom.body, ...Object.values(files).map((bytes) => Buffer.from(bytes).toString('utf8'))]
    for (const text of texts) expect(text).not.toMatch(/Rosa|Carmen|Díaz|Ruiz|carta/)
    expect(Object.keys(files)).toEqual(['gedcom.ged'])
  })

  it('answers 401 without a session and with a signed-out one, on every route but the public ones, and changes nothing', async () => {
    const before = await ownerSnapshot()
    const calls = [
      ...Object.entries(ownRoutes).map(([route, options]) => [route, options] as const),
      ...Object.entries(namingRoutes).map(([route, call]) => [route, call(ids)] as const),
    ]
    for (const [route, options] of calls) {
      const anonymous = await t.app.inject(options)
      expect(anonymous.statusCode, `${route} without a session: ${anonymous.body}`).toBe(401)
      const stale = await as(t.app, signedOut)(options)
      expect(stale.statusCode, `${route} signed out: ${stale.body}`).toBe(401)
    }
    expect(await ownerSnapshot()).toEqual(before)
  })
})
