import { describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

async function memberOf(t: TestApp, user: TestUser): Promise<string> {
  return (await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })).json().member.memberId
}

describe('how much a person may upload', () => {
  it('refuses a file that would not fit in the person’s quota, before its first byte, with the spec’s quota code', async () => {
    const t = await createTestApp('sqlite', { STORAGE_QUOTA_BYTES: '30' })
    try {
      const [rosa, luis] = [await createTestUser(t.app), await createTestUser(t.app)]
      const tus = tusClient(t.app, rosa)
      const member = await memberOf(t, rosa)
      const note = Buffer.from('Veinte bytes exactos')
      const first = await tus.create(note.length, { filename: 'uno.txt', linkedToType: 'member', linkedToId: member })
      expect((await tus.patch(String(first.headers.location), 0, note)).statusCode).toBe(204)

      const refused = await tus.create(note.length, { filename: 'dos.txt', linkedToType: 'member', linkedToId: member })
      expect(refused.statusCode).toBe(507)
      expect(JSON.parse(refused.body).error.code).toBe('media.quota_exceeded')
      // Another person's quota is their own.
      const other = await tusClient(t.app, luis).create(note.length, { filename: 'dos.txt', linkedToType: 'member', linkedToId: await memberOf(t, luis) })
      expect(other.statusCode).toBe(201)
    } finally {
      await t.close()
    }
  })

  it('holds a person to a number of unfinished uploads at once, and frees a place when one finishes', async () => {
    const t = await createTestApp('sqlite', { MAX_UNFINISHED_UPLOADS: '2' })
    try {
      const rosa = await createTestUser(t.app)
      const tus = tusClient(t.app, rosa)
      const member = await memberOf(t, rosa)
      const bytes = Buffer.from('Una carta.')
      const open = async (name: string) => tus.create(bytes.length, { filename: name, linkedToType: 'member', linkedToId: member })
      const first = await open('uno.txt')
      expect((await open('dos.txt')).statusCode).toBe(201)
      const third = await open('tres.txt')
      expect(third.statusCode).toBe(429)
      expect(JSON.parse(third.body).error.code).toBe('rate_limited')

      expect((await tus.patch(String(first.headers.location), 0, bytes)).statusCode).toBe(204)
      expect((await open('tres.txt')).statusCode).toBe(201)
    } finally {
      await t.close()
    }
  })
})
