import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

describe.each(testDatabases)("a member's portrait, on %s", (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  async function addMember(user: TestUser, firstName: string): Promise<string> {
    const added = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName, lastName: 'Ruiz', relationshipToOwner: 'Abuela' } })
    expect(added.statusCode, added.body).toBe(201)
    return added.json<{ member: Member }>().member.memberId
  }

  async function upload(user: TestUser, memberId: string, bytes: Buffer, filename: string): Promise<string> {
    const created = await tusClient(t.app, user).createWithData(bytes, { filename, caption: '', linkedToType: 'member', linkedToId: memberId })
    expect(created.statusCode, created.body).toBe(201)
    return String(created.headers['legado-media-id'])
  }

  const photo = (colour: string) =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
      .jpeg()
      .toBuffer()
  const treeOf = async (user: TestUser) => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json<FamilyTree>()

  it('is the thumbnail of the first photo linked to them, not a document, in the tree and in a saved member', async () => {
    const carmen = await addMember(owner, 'Carmen')
    const luis = await addMember(owner, 'Luis')
    await upload(owner, carmen, Buffer.from('Querida Carmen: te escribo desde Pasto.'), 'carta.txt')
    const first = await upload(owner, carmen, await photo('#9a4a2c'), 'boda.jpeg')
    await upload(owner, carmen, await photo('#2c4a9a'), 'playa.jpeg')

    const members = new Map((await treeOf(owner)).members.map((member) => [member.memberId, member]))
    expect(members.get(carmen)?.portraitURL).toBe(`/api/media/${first}/thumbnail`)
    expect(members.get(luis)?.portraitURL).toBeNull()
    const thumbnail = await as(t.app, owner)({ method: 'GET', url: members.get(carmen)!.portraitURL! })
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/webp')

    const saved = await as(t.app, owner)({ method: 'PATCH', url: `/api/family-tree/members/${carmen}`, payload: { bioSummary: 'Costurera.' } })
    expect(saved.json<{ member: Member }>().member.portraitURL).toBe(`/api/media/${first}/thumbnail`)
  })

  it("never shows another person's photo: their portrait is not the owner's to fetch", async () => {
    const theirs = await addMember(stranger, 'Elena')
    const photoId = await upload(stranger, theirs, await photo('#4a9a2c'), 'retrato.jpeg')
    expect((await treeOf(stranger)).members[0]?.portraitURL).toBe(`/api/media/${photoId}/thumbnail`)
    expect((await treeOf(owner)).members.every((member) => member.portraitURL !== `/api/media/${photoId}/thumbnail`)).toBe(true)
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${photoId}/thumbnail` })).statusCode).toBe(404)
  })
})
