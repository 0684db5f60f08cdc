import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { bestOfEachGroup, createSearchRepository, type SearchReader } from './search.repository.ts'

// Only the newest matches are ranked and counted (the cap). Who may see a match is decided per
// row, so the cap must count what the reader may see: a viewer whose newest matches are all about
// living people still finds the older ones about the dead. A cap of three stands for 2,000 here.

describe.each(testDatabases)('the capped search on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let treeId: string
  const dead: string[] = []
  const living: string[] = []

  async function relative(firstName: string, isDeceased: boolean): Promise<string> {
    const payload = { firstName, lastName: 'Mora', relationshipToOwner: 'Prima', notes: 'Trabajó en el trapiche.', isDeceased }
    const response = await as(t.app, rosa)({ method: 'POST', url: '/api/family-tree/members', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member.memberId
  }

  const reader = (userId: string, seesLiving: boolean): SearchReader => ({ userId, treeId, holderId: rosa.id, seesLiving, livingBeforeYear: 1926 })
  const search = async (who: SearchReader) => {
    const repo = createSearchRepository(t.db.withoutPlugins(), database === 'postgres' ? 'postgres' : 'sqlite', { candidateCap: 3 })
    return repo.search(who, [['trapich']], ['person', 'person_facts'], 10)
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa Pérez' })
    for (const name of ['Aurora', 'Inés', 'Teresa']) dead.push(await relative(name, true))
    // Newer than the dead, and more than the cap twice over.
    for (let n = 0; n < 7; n += 1) living.push(await relative(`Viva${n}`, false))
    treeId = (await as(t.app, rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
  })
  afterAll(() => t.close())

  it('finds for a viewer the older matches they may see, past newer ones kept from them', async () => {
    const hits = await search(reader('someone-viewing', false))
    expect(hits.map((hit) => hit.itemId).sort()).toEqual([...dead].sort())
    expect(hits[0]).toMatchObject({ total: 3, isTotalCapped: true })
  })

  it('ranks and counts the keeper’s newest matches, and says there are more', async () => {
    const hits = await search(reader(rosa.id, true))
    expect(hits).toHaveLength(3)
    expect(hits.every((hit) => living.includes(hit.itemId))).toBe(true)
    expect(hits[0]).toMatchObject({ total: 3, isTotalCapped: true })
  })
})

describe('each group’s best results', () => {
  const candidate = (docId: number, kind: 'person' | 'person_facts' | 'memory', itemId: string, rank: number) => ({ docId, kind, itemId, rank })

  it('shows a person once, by the better of their name and their facts, and counts them once', () => {
    const groups = bestOfEachGroup([candidate(1, 'person', 'rosa', -1), candidate(2, 'person_facts', 'rosa', -3), candidate(3, 'person', 'ines', -2)], 5)
    expect(groups).toEqual([{ group: 'person', total: 2, best: [candidate(2, 'person_facts', 'rosa', -3), candidate(3, 'person', 'ines', -2)] }])
  })

  it('keeps the best of each group, equal ranks in byte order, the groups by name', () => {
    const memories = ['b', 'B', 'a', 'c'].map((id, n) => candidate(10 + n, 'memory', id, -1))
    const groups = bestOfEachGroup([...memories, candidate(20, 'person', 'x', 0)], 3)
    expect(groups.map((group) => [group.group, group.total, group.best.map((best) => best.itemId)])).toEqual([
      ['memory', 4, ['B', 'a', 'b']],
      ['person', 1, ['x']],
    ])
  })
})
