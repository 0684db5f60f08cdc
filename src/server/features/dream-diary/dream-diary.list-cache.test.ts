import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import { multipartFile } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

// GET /api/dreams answers from a kept copy while the dreams' version in the database is unchanged:
// whatever writes a dream, the very next list must show it, on every instance sharing the database.

const browser = { 'accept-encoding': 'gzip, deflate, br' }

async function listOf(app: FastifyInstance, user: TestUser, headers: Record<string, string> = browser) {
  const response = await as(app, user)({ method: 'GET', url: '/api/dreams', headers })
  expect(response.statusCode, response.body).toBe(200)
  const encoding = response.headers['content-encoding']
  const raw = response.rawPayload
  const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')
  return { dreams: (JSON.parse(text) as { dreams: Dream[] }).dreams, etag: String(response.headers.etag ?? ''), encoding, text }
}

const titles = (dreams: Dream[]) => dreams.map((dream) => dream.title)

async function writeDreams(app: FastifyInstance, user: TestUser, count: number, prefix = 'Sueño') {
  for (let index = 0; index < count; index += 1) {
    const response = await as(app, user)({ method: 'POST', url: '/api/dreams', payload: { title: `${prefix} ${index}`, content: 'Volaba sobre un río de luz. '.repeat(4) } })
    expect(response.statusCode).toBe(201)
  }
}

describe.each(testDatabases)('the kept dream list on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('shows a create, an edit and a delete on the very next read, each with a new ETag', async () => {
    const user = await createTestUser(t.app)
    await writeDreams(t.app, user, 5)
    const before = await listOf(t.app, user)
    expect(before.dreams).toHaveLength(5)
    expect((await listOf(t.app, user)).etag).toBe(before.etag)

    const created = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { title: 'Nuevo', content: 'nuevo' } })
    const afterCreate = await listOf(t.app, user)
    expect(titles(afterCreate.dreams)[0]).toBe('Nuevo')
    expect(afterCreate.etag).not.toBe(before.etag)

    const id = created.json<Dream>().id
    await as(t.app, user)({ method: 'PATCH', url: `/api/dreams/${id}`, payload: { title: 'Cambiado' } })
    const afterEdit = await listOf(t.app, user)
    expect(titles(afterEdit.dreams)[0]).toBe('Cambiado')
    expect(afterEdit.etag).not.toBe(afterCreate.etag)

    await as(t.app, user)({ method: 'DELETE', url: `/api/dreams/${id}` })
    const afterDelete = await listOf(t.app, user)
    expect(afterDelete.dreams.map((dream) => dream.id)).not.toContain(id)
    expect(afterDelete.dreams).toHaveLength(5)
    expect(afterDelete.etag).not.toBe(afterEdit.etag)
  })

  it('shows dreams restored from an export on the very next read', async () => {
    const source = await createTestUser(t.app)
    await writeDreams(t.app, source, 3, 'Exportado')
    const archive = (await as(t.app, source)({ method: 'GET', url: '/api/me/export' })).rawPayload
    const target = await createTestUser(t.app)
    await writeDreams(t.app, target, 1, 'Propio')
    const before = await listOf(t.app, target)
    expect(titles(before.dreams)).toEqual(['Propio 0'])

    const imported = await as(t.app, target)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', archive) })
    expect(imported.statusCode, imported.body).toBe(200)
    const after = await listOf(t.app, target)
    expect(titles(after.dreams).sort()).toEqual(['Exportado 0', 'Exportado 1', 'Exportado 2', 'Propio 0'])
    expect(after.etag).not.toBe(before.etag)
  })

  it('shows a change written straight into the database, by no route at all', async () => {
    const user = await createTestUser(t.app)
    await writeDreams(t.app, user, 2)
    const before = await listOf(t.app, user)
    await t.db.updateTable('dreamEntry').set({ title: 'Escrito a mano' }).where('authorUserId', '=', user.id).execute()
    expect(titles((await listOf(t.app, user)).dreams)).toEqual(['Escrito a mano', 'Escrito a mano'])
    await t.db.deleteFrom('dreamEntry').where('authorUserId', '=', user.id).execute()
    const emptied = await listOf(t.app, user)
    expect(emptied.dreams).toEqual([])
    expect(emptied.etag).not.toBe(before.etag)
  })

  it('forgets the list with the account: its session is refused and no version is left behind', async () => {
    const user = await createTestUser(t.app)
    await writeDreams(t.app, user, 2)
    await listOf(t.app, user)
    const deleted = await as(t.app, user)({ method: 'DELETE', url: '/api/me', payload: { password: 'un-recuerdo-largo' } })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect((await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).statusCode).toBe(401)
    expect(await t.db.selectFrom('collectionVersion').selectAll().where('ownerId', '=', user.id).execute()).toEqual([])
  })

  it('answers 304 to the current ETag and the list again once it changed', async () => {
    const user = await createTestUser(t.app)
    await writeDreams(t.app, user, 3)
    const { etag } = await listOf(t.app, user)
    expect(etag).toMatch(/^W\/".+"$/)
    const unchanged = await as(t.app, user)({ method: 'GET', url: '/api/dreams', headers: { ...browser, 'if-none-match': etag } })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.rawPayload).toHaveLength(0)
    expect(unchanged.headers.etag).toBe(etag)
    expect(unchanged.headers['cache-control']).toBe('no-store')

    await writeDreams(t.app, user, 1, 'Otro')
    const changed = await as(t.app, user)({ method: 'GET', url: '/api/dreams', headers: { ...browser, 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('never gives one person another’s kept list, even with their ETag', async () => {
    const owner = await createTestUser(t.app)
    const other = await createTestUser(t.app)
    await writeDreams(t.app, owner, 3, 'Privado')
    const owners = await listOf(t.app, owner)
    for (const headers of [browser, { 'accept-encoding': 'gzip' }, {}, { ...browser, 'if-none-match': owners.etag }]) {
      const response = await as(t.app, other)({ method: 'GET', url: '/api/dreams', headers })
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toContain('Privado')
    }
    expect((await listOf(t.app, other)).dreams).toEqual([])
    await writeDreams(t.app, other, 1, 'Ajeno')
    expect(titles((await listOf(t.app, other)).dreams)).toEqual(['Ajeno 0'])
    expect(titles((await listOf(t.app, owner)).dreams)).toEqual(['Privado 2', 'Privado 1', 'Privado 0'])
  })

  it('sends the same JSON in brotli, gzip and as it is, with the headers of an uncached answer', async () => {
    const user = await createTestUser(t.app)
    await writeDreams(t.app, user, 20)
    const br = await listOf(t.app, user, { 'accept-encoding': 'br' })
    const gzip = await listOf(t.app, user, { 'accept-encoding': 'gzip' })
    const identity = await listOf(t.app, user, {})
    const brAgain = await listOf(t.app, user, { 'accept-encoding': 'gzip, br' })
    expect([br.encoding, gzip.encoding, identity.encoding, brAgain.encoding]).toEqual(['br', 'gzip', undefined, 'br'])
    expect(gzip.text).toBe(br.text)
    expect(identity.text).toBe(br.text)
    expect(brAgain.text).toBe(br.text)
    expect(br.dreams).toHaveLength(20)
    const response = await as(t.app, user)({ method: 'GET', url: '/api/dreams', headers: browser })
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    // A short list is sent as it is, as every small JSON answer.
    const small = await createTestUser(t.app)
    await as(t.app, small)({ method: 'POST', url: '/api/dreams', payload: { content: 'corto' } })
    expect((await listOf(t.app, small)).encoding).toBeUndefined()
  })
})

describe.each(testDatabases)('two instances on one %s database', (database) => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    first = await createTestApp(database)
    second = await createTestApp(database, first.env)
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('each sees the other’s writes on its next read', async () => {
    const user = await createTestUser(first.app)
    await writeDreams(first.app, user, 2, 'Primera')
    expect(titles((await listOf(first.app, user)).dreams)).toHaveLength(2)
    expect(titles((await listOf(second.app, user)).dreams)).toHaveLength(2)

    await writeDreams(second.app, user, 1, 'Segunda')
    expect(titles((await listOf(first.app, user)).dreams)[0]).toBe('Segunda 0')
    const [dream] = (await listOf(second.app, user)).dreams
    await as(first.app, user)({ method: 'PATCH', url: `/api/dreams/${dream!.id}`, payload: { title: 'Cambiada en la primera' } })
    expect(titles((await listOf(second.app, user)).dreams)[0]).toBe('Cambiada en la primera')
    await as(second.app, user)({ method: 'DELETE', url: `/api/dreams/${dream!.id}` })
    expect(titles((await listOf(first.app, user)).dreams)).toEqual(['Primera 1', 'Primera 0'])
  })
})
