import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { createMediaRepository } from './media.repository.ts'

describe.each(testDatabases)('the first photo of each member, on %s', (database) => {
  let t: TestApp
  let owner: TestUser

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it('is found alike for one member and for a whole tree, more members than one query may name', async () => {
    const added = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' } })
    const carmen = added.json<{ member: Member }>().member.memberId
    const upload = async (bytes: Buffer, filename: string) => {
      const created = await tusClient(t.app, owner).createWithData(bytes, { filename, caption: '', linkedToType: 'member', linkedToId: carmen })
      expect(created.statusCode, created.body).toBe(201)
      return String(created.headers['legado-media-id'])
    }
    await upload(Buffer.from('Una carta, no una foto.'), 'carta.txt')
    const photoId = await upload(
      await sharp({ create: { width: 120, height: 80, channels: 3, background: '#9a2c4a' } })
        .jpeg()
        .toBuffer(),
      'retrato.jpeg',
    )

    const repo = createMediaRepository(t.db)
    const many = [...Array.from({ length: 1500 }, (_, n) => `nadie-${n}`), carmen]
    expect([...(await repo.firstPhotosOf(owner.id, many))]).toEqual([[carmen, photoId]])
    expect([...(await repo.firstPhotosOf(owner.id, [carmen]))]).toEqual([[carmen, photoId]])
    expect([...(await repo.firstPhotosOf(owner.id, ['nadie-1']))]).toEqual([])
  })
})
