import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../test/test-app.ts'
import { encodeMetadata, tusHeaders } from '../test/tus-client.ts'
import { pathOfNul } from './text-input.ts'

describe('pathOfNul', () => {
  it('names the field that holds a NUL character, however deep', () => {
    expect(pathOfNul({ unions: [{ notes: 'ok' }, { notes: 'a\u0000b' }] })).toBe('unions.1.notes')
    expect(pathOfNul('\u0000')).toBe('')
    expect(pathOfNul({ text: 'sin nada raro', n: 3, list: ['ñ', null] })).toBeUndefined()
  })
})

// PostgreSQL cannot store or compare text holding NUL: such a request is refused as bad input on
// every database, where it used to answer 500 on PostgreSQL.
describe.each(testDatabases)('text with a NUL character, on %s', (database) => {
  let t: TestApp
  let user: TestUser
  beforeAll(async () => {
    t = await createTestApp(database)
    user = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it('is refused field by field in bodies, query strings and paths, and nothing is stored', async () => {
    const request = as(t.app, user)
    const cases = [
      { method: 'POST' as const, url: '/api/dreams', payload: { content: 'Volaba\u0000 sobre el mar' }, path: 'content' },
      { method: 'POST' as const, url: '/api/family-tree/members', payload: { firstName: 'Ro\u0000sa', lastName: 'Díaz', isSelf: true }, path: 'firstName' },
      { method: 'PATCH' as const, url: '/api/me', payload: { displayName: 'Rosa\u0000' }, path: 'displayName' },
      { method: 'GET' as const, url: '/api/interviews?memberId=%00', path: 'memberId' },
      { method: 'GET' as const, url: '/api/dreams/%00', path: 'id' },
    ]
    for (const { path, ...sent } of cases) {
      const response = await request(sent)
      expect(response.statusCode, `${sent.method} ${sent.url}: ${response.body}`).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [{ path, code: 'validation.invalid' }] })
    }
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Nu\u0000l', email: 'nul@example.org', password: 'mi-legado-2026' } })
    expect(signUp.statusCode).toBe(400)
    expect((await request({ method: 'GET', url: '/api/dreams' })).json().dreams).toEqual([])
  })

  it('is refused in an upload’s metadata before its first byte', async () => {
    const member = (await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })).json().member
    const response = await as(
      t.app,
      user,
    )({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...tusHeaders, 'upload-length': '4', 'upload-metadata': encodeMetadata({ filename: 'fo\u0000to.png', linkedToType: 'member', linkedToId: member.memberId }) },
    })
    expect(response.statusCode).toBe(400)
    expect(JSON.parse(response.body).error.details).toEqual([{ path: 'filename', code: 'validation.invalid' }])
  })
})
