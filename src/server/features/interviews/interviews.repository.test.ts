import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../lib/ids.ts'
import { createConversationRepository } from '../../lib/chat/conversations.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createInterviewRepository } from './interviews.repository.ts'

describe.each(testDatabases)('the interview sessions of a whole tree, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('counts 30,000 answers of one member (as an import can bring them) as their 300 conversations, in order', async () => {
    const user = await createTestUser(t.app)
    const member = (
      await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Abuela' } })
    ).json().member
    const repo = createInterviewRepository(t.db)
    const conversations = createConversationRepository(t.db, 'interview')
    const base = Date.UTC(2024, 0, 1)
    const sittings = Array.from({ length: 300 }, (_, index) => ({
      id: newId(),
      ownerUserId: user.id,
      memberId: member.memberId,
      title: '',
      startedAt: new Date(base + index * 100_000).toISOString(),
    }))
    await conversations.insertMany(sittings)
    const rows = Array.from({ length: 30_000 }, (_, index) => ({
      id: newId(),
      ownerUserId: user.id,
      interviewedMemberId: member.memberId,
      timestamp: new Date(base + index * 1000).toISOString(),
      conversationPair: '[]',
      conversationId: sittings[Math.floor(index / 100)]!.id,
      // A skipped question's mark is no interview: the last sitting holds only those.
      isSkip: index >= 29_900 ? (1 as const) : (0 as const),
    }))
    await repo.insertMany(rows)
    const ids = await repo.conversationIdsByMember(user.id)
    expect(ids.get(member.memberId)).toEqual(sittings.slice(0, 299).map((sitting) => sitting.id))
    const tree = await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })
    expect(tree.json().members[0].interviewSegments).toHaveLength(299)
  })

  it('counts every conversation read past its first page, however many began at the same instant', async () => {
    const user = await createTestUser(t.app)
    const member = (
      await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Abuelo' } })
    ).json().member
    const repo = createInterviewRepository(t.db)
    const conversations = createConversationRepository(t.db, 'interview')
    // An import writes its conversations with one time: the pages must go on by id.
    const startedAt = new Date(Date.UTC(2024, 5, 1)).toISOString()
    const sittings = Array.from({ length: 4_500 }, () => ({ id: newId(), ownerUserId: user.id, memberId: member.memberId, title: '', startedAt }))
    await conversations.insertMany(sittings)
    await repo.insertMany(
      sittings.map((sitting) => ({
        id: newId(),
        ownerUserId: user.id,
        interviewedMemberId: member.memberId,
        timestamp: startedAt,
        conversationPair: '[]',
        conversationId: sitting.id,
        isSkip: 0 as const,
      })),
    )
    const ids = await repo.conversationIdsByMember(user.id)
    expect(ids.get(member.memberId)).toEqual(sittings.map((sitting) => sitting.id).sort())
  })
})
