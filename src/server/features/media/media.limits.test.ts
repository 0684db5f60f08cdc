import { describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient, tusHeaders } from '../../test/tus-client.ts'

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

describe.each(testDatabases)('the quota held by uploads under way on %s', (database) => {
  it('holds each new upload’s declared length at once: of uploads created together only those that fit are created, and a cancelled or refused one gives its bytes back', async () => {
    const t = await createTestApp(database, { STORAGE_QUOTA_BYTES: '100' })
    try {
      const rosa = await createTestUser(t.app)
      const tus = tusClient(t.app, rosa)
      const member = await memberOf(t, rosa)
      const create = (length: number, name: string) => tus.create(length, { filename: name, linkedToType: 'member', linkedToId: member })

      const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => create(30, `carta-${index}.txt`)))
      const created = answers.filter((answer) => answer.statusCode === 201)
      const refused = answers.filter((answer) => answer.statusCode !== 201)
      expect(created).toHaveLength(3)
      expect(refused.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual(Array.from({ length: 5 }, () => [507, 'media.quota_exceeded']))
      expect((await create(30, 'otra.txt')).statusCode).toBe(507)

      // Cancelled: its 30 bytes are free again.
      const cancelled = await as(t.app, rosa)({ method: 'DELETE', url: String(created[0]!.headers.location), headers: tusHeaders })
      expect(cancelled.statusCode).toBe(204)
      const again = await create(30, 'de-nuevo.txt')
      expect(again.statusCode).toBe(201)

      // Stored: the file takes its upload's place, nothing more.
      const letter = Buffer.from('Una carta de la abuela Carmen.')
      expect((await tus.patch(String(created[1]!.headers.location), 0, letter)).statusCode).toBe(204)
      expect((await create(11, 'demasiado.txt')).statusCode).toBe(507)

      // Refused when its bytes arrive (not a file Legado keeps): its bytes are given back.
      const refusedAtTheEnd = await tus.patch(String(created[2]!.headers.location), 0, Buffer.alloc(30, 0x01))
      expect(refusedAtTheEnd.statusCode).toBe(415)
      expect((await create(30, 'por-fin.txt')).statusCode).toBe(201)
      expect((await create(10, 'el-resto.txt')).statusCode).toBe(201)
      expect((await create(1, 'ni-uno-mas.txt')).statusCode).toBe(507)
    } finally {
      await t.close()
    }
  })
})
