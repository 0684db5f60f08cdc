import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

describe.each(testDatabases)('dream diary routes on %s', (database) => {
  let t: TestApp
  let dreamer: TestUser
  let stranger: TestUser

  beforeAll(async () => {
    t = await createTestApp(database)
    dreamer = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  const createDream = async (user: TestUser, payload: object) => {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Dream>()
  }

  it('stores a dream with its values trimmed and an empty title when none is given', async () => {
    const dream = await createDream(dreamer, { content: '  Volaba sobre el río Magdalena.  ', dreamDate: '2026-11-20' })
    expect(dream).toMatchObject({ title: '', content: 'Volaba sobre el río Magdalena.', dreamDate: '2026-11-20' })
    expect(new Date(dream.entryDate).getTime()).toBeGreaterThan(Date.now() - 60_000)

    const read = await as(t.app, dreamer)({ method: 'GET', url: `/api/dreams/${dream.id}` })
    expect(read.json()).toEqual(dream)
  })

  it('lists the dreamer’s own dreams newest first, with an empty date as null', async () => {
    const me = await createTestUser(t.app)
    const first = await createDream(me, { title: 'Primero', content: 'uno', dreamDate: '' })
    const second = await createDream(me, { title: '  Segundo  ', content: 'dos' })
    const response = await as(t.app, me)({ method: 'GET', url: '/api/dreams' })
    expect(response.statusCode).toBe(200)
    const { dreams } = response.json<{ dreams: Dream[] }>()
    expect(dreams.map((d) => d.id)).toEqual([second.id, first.id])
    expect(dreams[0]).toMatchObject({ title: 'Segundo', dreamDate: null })
    expect(dreams[1]).toMatchObject({ title: 'Primero', dreamDate: null })
  })

  it('refuses a dream without a description with the spec’s code', async () => {
    for (const payload of [{ title: 'Sin contenido' }, { content: '   \n ' }, { content: 42 }]) {
      const response = await as(t.app, dreamer)({ method: 'POST', url: '/api/dreams', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        error: { code: 'validation_failed', message: expect.any(String), details: [{ path: 'content', code: 'dream.description_required' }] },
      })
    }
  })

  it('refuses impossible dates, over-long titles and unknown content types, never with a 500', async () => {
    const cases: [object, string, string][] = [
      [{ content: 'x', dreamDate: '2026-02-30' }, 'dreamDate', 'validation.invalid_date'],
      [{ content: 'x', dreamDate: '20/11/2026' }, 'dreamDate', 'validation.invalid_date'],
      [{ content: 'x', title: 'a'.repeat(201) }, 'title', 'validation.too_long'],
    ]
    for (const [payload, path, code] of cases) {
      const response = await as(t.app, dreamer)({ method: 'POST', url: '/api/dreams', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.details).toEqual([{ path, code }])
    }
    const malformed = await as(t.app, dreamer)({ method: 'POST', url: '/api/dreams', payload: '{"content":', headers: { 'content-type': 'application/json' } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('validation_failed')
    const form = await as(t.app, dreamer)({ method: 'POST', url: '/api/dreams', payload: 'content=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form.statusCode).toBe(415)
    expect(form.json().error.code).toBe('unsupported_media_type')
  })

  it('edits title, content and date, and clears the date', async () => {
    const dream = await createDream(dreamer, { title: 'Antes', content: 'antes', dreamDate: '2026-01-01' })
    const patched = await as(t.app, dreamer)({ method: 'PATCH', url: `/api/dreams/${dream.id}`, payload: { title: ' Después ', dreamDate: null } })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ id: dream.id, title: 'Después', content: 'antes', dreamDate: null, entryDate: dream.entryDate })

    const emptied = await as(t.app, dreamer)({ method: 'PATCH', url: `/api/dreams/${dream.id}`, payload: { content: ' ' } })
    expect(emptied.statusCode).toBe(400)
    expect(emptied.json().error.details).toEqual([{ path: 'content', code: 'dream.description_required' }])
  })

  it('deletes a dream for good', async () => {
    const dream = await createDream(dreamer, { content: 'para borrar' })
    const deleted = await as(t.app, dreamer)({ method: 'DELETE', url: `/api/dreams/${dream.id}` })
    expect(deleted.statusCode).toBe(204)
    expect((await as(t.app, dreamer)({ method: 'GET', url: `/api/dreams/${dream.id}` })).statusCode).toBe(404)
    expect((await as(t.app, dreamer)({ method: 'DELETE', url: `/api/dreams/${dream.id}` })).statusCode).toBe(404)
  })

  it('answers 404 for another user’s dream on read, update and delete, and leaves it untouched', async () => {
    const dream = await createDream(dreamer, { title: 'Privado', content: 'solo mío' })
    const intruder = as(t.app, stranger)
    for (const request of [
      { method: 'GET' as const, url: `/api/dreams/${dream.id}` },
      { method: 'PATCH' as const, url: `/api/dreams/${dream.id}`, payload: { content: 'robado' } },
      { method: 'DELETE' as const, url: `/api/dreams/${dream.id}` },
    ]) {
      const response = await intruder(request)
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('not_found')
    }
    const theirList = await intruder({ method: 'GET', url: '/api/dreams' })
    expect(theirList.json().dreams).toEqual([])
    const mine = await as(t.app, dreamer)({ method: 'GET', url: `/api/dreams/${dream.id}` })
    expect(mine.json()).toMatchObject({ content: 'solo mío' })
  })

  it('answers 401 without a session', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/dreams' },
      { method: 'POST' as const, url: '/api/dreams', payload: { content: 'x' } },
      { method: 'DELETE' as const, url: '/api/dreams/anything' },
    ]) {
      const response = await t.app.inject(request)
      expect(response.statusCode).toBe(401)
      expect(response.json().error.code).toBe('unauthenticated')
    }
  })
})
