import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { createFamilyTreeRepository } from './family-tree.repository.ts'

describe.each(testDatabases)('how far up the owner’s tree a member is, on %s', (database) => {
  let t: TestApp
  let owner: TestUser

  async function add(payload: Record<string, unknown>): Promise<string> {
    const response = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { lastName: 'Paz', relationshipToOwner: 'Familia', ...payload } })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member.memberId
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it('counts the shortest line of parent links, whatever their kind, and nothing for someone off the line', async () => {
    const repo = createFamilyTreeRepository(t.db)
    // Ana is the owner's grandmother through her father, and great-grandmother through her mother:
    // cousins married. An adoptive parent counts as a parent.
    const ana = await add({ firstName: 'Ana' })
    const father = await add({ firstName: 'Pablo', parentMemberIds: [ana] })
    const grandma = await add({ firstName: 'Lucía', parentMemberIds: [ana] })
    const mother = await add({ firstName: 'Marta', parentMemberIds: [grandma] })
    const adoptive = await add({ firstName: 'Rita' })
    const self = await add({
      firstName: 'Rosa',
      isSelf: true,
      parentLinks: [
        { parentId: father, kind: 'birth' },
        { parentId: mother, kind: 'birth' },
        { parentId: adoptive, kind: 'adopted' },
      ],
    })
    const cousin = await add({ firstName: 'Iván', parentMemberIds: [grandma] })
    expect(await repo.generationsUp(owner.id, self, father, 64)).toBe(1)
    expect(await repo.generationsUp(owner.id, self, adoptive, 64)).toBe(1)
    expect(await repo.generationsUp(owner.id, self, grandma, 64)).toBe(2)
    expect(await repo.generationsUp(owner.id, self, ana, 64)).toBe(2)
    expect(await repo.generationsUp(owner.id, mother, ana, 64)).toBe(2)
    expect(await repo.generationsUp(owner.id, self, cousin, 64)).toBeNull()
    expect(await repo.generationsUp(owner.id, self, self, 64)).toBeNull()
    // Another owner's tree holds no ancestors of this one.
    expect(await repo.generationsUp((await createTestUser(t.app)).id, self, father, 64)).toBeNull()
  })
})
