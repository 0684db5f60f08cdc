import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, type TestApp, type TestUser } from '../test/test-app.ts'
import { encodeMetadata, tusClient, tusHeaders } from '../test/tus-client.ts'

describe('the same-origin and body-type guard on state-changing requests', () => {
  let t: TestApp
  let user: TestUser

  const dreamsOf = async () => (await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).json().dreams as unknown[]

  beforeAll(async () => {
    t = await createTestApp('sqlite')
    user = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it.each(['/%61pi/dreams', '/%2561pi/dreams', '/API/dreams', '//api/dreams', '/api/../api/dreams'])(
    'refuses another origin whatever way the path %s is written, and writes nothing',
    async (url) => {
      const response = await as(t.app, user)({ method: 'POST', url, payload: { content: 'Un sueño ajeno' }, headers: { origin: 'https://evil.example' } })
      expect(response.statusCode, response.body).toBe(403)
      expect(response.json().error.code).toBe('forbidden')
      expect(await dreamsOf()).toEqual([])
    },
  )

  it('refuses another origin on every unsafe method, even where no route is', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/somewhere', headers: { origin: 'https://evil.example' } })
      expect(response.statusCode, method).toBe(403)
    }
  })

  it('takes an origin named `null` only from a page of its own (a form posted under no-referrer), never from elsewhere', async () => {
    const post = (headers: Record<string, string>) => as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { content: 'Un sueño nulo' }, headers })
    for (const site of ['cross-site', 'same-site', 'none']) expect((await post({ origin: 'null', 'sec-fetch-site': site })).statusCode, site).toBe(403)
    expect((await post({ origin: 'null' })).statusCode).toBe(403)
    expect(await dreamsOf()).toEqual([])
    const own = await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })
    expect(own.statusCode, own.body).toBe(201)
    await as(t.app, user)({ method: 'DELETE', url: `/api/dreams/${own.json().id}` })
  })

  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'content=Un+sue%C3%B1o'],
    ['plain text', 'text/plain', '{"content":"Un sueño"}'],
    ['a multipart form', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nUn sueño\r\n--x--\r\n'],
    ['tus bytes', 'application/offset+octet-stream', 'Un sueño'],
  ])('answers 415 to a body sent as %s where the route takes JSON, and writes nothing', async (_case, type, body) => {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: body, headers: { 'content-type': type } })
    expect(response.statusCode, response.body).toBe(415)
    expect(response.json().error.code).toBe('unsupported_media_type')
    expect(await dreamsOf()).toEqual([])
  })

  it('lets JSON through, bodiless requests, and tus bytes where the upload route declares them', async () => {
    const created = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { content: 'Mi sueño' }, headers: { 'content-type': 'application/json; charset=utf-8' } })
    expect(created.statusCode, created.body).toBe(201)
    const deleted = await as(t.app, user)({ method: 'DELETE', url: `/api/dreams/${created.json().id}` })
    expect(deleted.statusCode).toBe(204)

    const bytes = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1')
    const tus = tusClient(t.app, user)
    const member = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
    const upload = await tus.create(bytes.length, {
      filename: 'carta.pdf',
      filetype: 'application/pdf',
      caption: '',
      linkedToType: 'member',
      linkedToId: member.json().member.memberId,
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const patched = await tus.patch(String(upload.headers.location), 0, bytes)
    expect(patched.statusCode, patched.body).toBe(204)
  })

  it('answers uploads only from their own origin, on every method, and never allows another origin', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const member = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Luz', lastName: 'Mora', relationshipToOwner: 'Tía' } })
    const own = { cookie: user.cookie, origin: base, ...tusHeaders }
    const created = await fetch(`${base}/api/uploads/`, {
      method: 'POST',
      headers: { ...own, 'upload-length': '100', 'upload-metadata': encodeMetadata({ filename: 'carta.txt', linkedToType: 'member', linkedToId: member.json().member.memberId }) },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBeNull()
    const location = `${base}${created.headers.get('location')}`
    const ownHead = await fetch(location, { method: 'HEAD', headers: own })
    expect(ownHead.status).toBe(200)
    expect(ownHead.headers.get('access-control-allow-origin')).toBeNull()

    const foreign = { cookie: user.cookie, origin: 'https://evil.example', ...tusHeaders }
    const preflight = { origin: 'https://evil.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'tus-resumable,upload-offset,content-type' }
    for (const [method, url, headers] of [
      ['OPTIONS', `${base}/api/uploads/`, preflight],
      ['OPTIONS', location, preflight],
      ['POST', `${base}/api/uploads/`, { ...foreign, 'upload-length': '100' }],
      ['HEAD', location, foreign],
      ['PATCH', location, { ...foreign, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }],
      ['DELETE', location, foreign],
    ] as const) {
      const answer = await fetch(url, { method, headers, body: method === 'PATCH' ? 'Hola' : undefined })
      expect(answer.status, `${method} ${url}`).toBe(403)
      expect(answer.headers.get('access-control-allow-origin'), method).toBeNull()
    }
    // The upload is untouched: its owner goes on from the start.
    const after = await fetch(location, { method: 'HEAD', headers: own })
    expect(after.status).toBe(200)
    expect(after.headers.get('upload-offset')).toBe('0')
  })
})
