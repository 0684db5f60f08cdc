import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../lib/ids.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createInterviewRepository } from './interviews.repository.ts'

describe.each(testDatabases)('the interview sessions of a whole tree, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('groups 30,000 sessions of one member (as an import can bring them) in order, in one pass', async () => {
    const user = await createTestUser(t.app)
    const member = (
      await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Abuela' } })
    ).json().member
    const repo = createInterviewRepository(t.db)
    const base = Date.UTC(2024, 0, 1)
    const rows = Array.from({ length: 30_000 }, (_, index) => ({
      id: newId(),
      ownerUserId: user.id,
      interviewedMemberId: member.memberId,
      timestamp: new Date(base + index * 1000).toISOString(),
      conversationPair: '[]',
    }))
    await repo.insertMany(rows)
    const ids = await repo.idsByMember(user.id)
    expect(ids.get(member.memberId)).toEqual(rows.map((row) => row.id))
    const tree = await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })
    expect(tree.json().members[0].interviewSegments).toHaveLength(30_000)
  })
})
