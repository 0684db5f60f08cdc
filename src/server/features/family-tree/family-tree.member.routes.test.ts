import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { familyOf } from './test/family-api.ts'

// One member read by id, for a page about one relative (the interview's header) that must not
// load the whole tree: the member's own facts and the people one link away, only to their owner.

describe.each(testDatabases)('one member read by id, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const family = () => familyOf(t.app)

  it('answers the owner the member with their dates as stored, and their parents, partners and children', async () => {
    const f = await family()
    const carmen = await f.add({
      firstName: 'Carmen',
      lastName: 'López',
      relationshipToOwner: 'Abuela',
      birthDate: 'hacia 1931',
      isDeceased: true,
      deathDate: '4 de mayo de 2001',
      language: 'es',
    })
    const pedro = await f.add({ firstName: 'Pedro', lastName: 'Gil', relationshipToOwner: 'Abuelo', spouseMemberIds: [carmen.memberId] })
    const ana = await f.add({ firstName: 'Ana', lastName: 'Gil', relationshipToOwner: 'Madre', parentMemberIds: [carmen.memberId, pedro.memberId] })

    const response = await f.request({ method: 'GET', url: `/api/family-tree/members/${carmen.memberId}` })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().member).toEqual({
      memberId: carmen.memberId,
      firstName: 'Carmen',
      lastName: 'López',
      relationshipToOwner: 'Abuela',
      isSelf: false,
      isDeceased: true,
      // The same stored form the whole tree answers, which the web formats in the reader's language.
      birthDate: carmen.birthDate,
      deathDate: carmen.deathDate,
      birthPlace: '',
      deathPlace: '',
      gender: '',
      bioSummary: '',
      relatives: [
        { memberId: pedro.memberId, firstName: 'Pedro', lastName: 'Gil', relation: 'partner', kind: null },
        { memberId: ana.memberId, firstName: 'Ana', lastName: 'Gil', relation: 'child', kind: 'birth' },
      ],
    })
    expect(carmen.birthDate).toBe('ABT 1931')
    expect(carmen.deathDate).toBe('2001-05-04')
  })

  it('answers another user 404 not_found for the member, exactly as for one that does not exist', async () => {
    const owner = await family()
    const carmen = await owner.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    const stranger = await family()
    await stranger.add({ firstName: 'Tomás', lastName: 'Pérez', relationshipToOwner: 'Tío' })

    for (const id of [carmen.memberId, 'no-existe']) {
      const response = await stranger.request({ method: 'GET', url: `/api/family-tree/members/${id}` })
      expect(response.statusCode, id).toBe(404)
      expect(response.json().error.code, id).toBe('not_found')
    }
    expect((await owner.request({ method: 'GET', url: '/api/family-tree/members/no-existe' })).json().error.code).toBe('not_found')
  })

  it('tells someone with no tree yet that they have none, whoever they ask for', async () => {
    const owner = await family()
    const carmen = await owner.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    const newcomer = await family()
    for (const id of [carmen.memberId, 'no-existe']) {
      const response = await newcomer.request({ method: 'GET', url: `/api/family-tree/members/${id}` })
      expect(response.statusCode, id).toBe(404)
      expect(response.json().error.code, id).toBe('family_tree.no_tree')
    }
  })

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/family-tree/members/x' })
    expect(response.statusCode).toBe(401)
  })
})
