import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../../shared/limits.ts'
import { newId } from '../../lib/ids.ts'
import { as, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { familyOf } from './test/family-api.ts'

// What one account may hold, so that no account's tree can make a whole-tree read or export hold
// the server: each limit answers 422 with its own code, and what was there stays as it was.

describe.each(testDatabases)('what one account may hold, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database, { TREE_MAX_MEMBERS: '3' })
  })
  afterAll(() => t.close())

  const family = () => familyOf(t.app)

  it('refuses a person more than the tree may hold, keeping the others', async () => {
    const f = await family()
    for (const firstName of ['Rosa', 'Luis', 'Marta']) await f.add({ firstName, lastName: 'Díaz', relationshipToOwner: 'Prima' })
    const refused = await f.post({ firstName: 'Ana', lastName: 'Díaz', relationshipToOwner: 'Prima' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.code).toBe('limit.members_per_tree')
    expect((await f.tree()).members.map((m) => m.firstName).sort()).toEqual(['Luis', 'Marta', 'Rosa'])
    // Another account has its own room.
    const other = await family()
    await other.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Prima' })
  })

  it('refuses one union more than a person may have, from the form, and keeps the rest of the change out', async () => {
    const f = await family()
    const husband = await f.add({ firstName: 'Juan', lastName: 'Forjado', relationshipToOwner: 'Tío' })
    const wife = await f.add({ firstName: 'Eva', lastName: 'Forjado', relationshipToOwner: 'Tía' })
    // The unions he already has, as an import of an old tree could have left them.
    const { id: treeId } = await t.db.selectFrom('familyTree').select('id').where('ownerUserId', '=', f.user.id).executeTakeFirstOrThrow()
    const now = new Date().toISOString()
    const unions = Array.from({ length: limits.unionsPerMember }, (_, position) => ({
      id: newId(),
      treeId,
      ownerUserId: f.user.id,
      firstPartnerId: husband.memberId,
      secondPartnerId: null,
      isMarried: 1 as const,
      position,
      createdAt: now,
      updatedAt: now,
    }))
    await t.db.insertInto('familyUnion').values(unions).execute()

    const refused = await f.patch(wife.memberId, { spouseMemberIds: [husband.memberId], notes: 'Se casaron en Pasto.' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.code).toBe('limit.unions_per_member')
    expect(await f.byId(wife.memberId)).toMatchObject({ spouseMemberIds: [], notes: '' })
    // A change that adds no union still saves for him.
    expect((await f.patch(husband.memberId, { notes: 'Muchas bodas.' })).statusCode).toBe(200)
  })
})

describe.each(testDatabases)('interview sessions about one member, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('refuses to talk on once a member has as many sessions as may be kept, before the model is asked', async () => {
    const f = await familyOf(t.app)
    const grandma = await f.add({ firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' })
    const now = new Date().toISOString()
    const pair = JSON.stringify([
      { role: 'user', text: 'Cantaba boleros.' },
      { role: 'model', text: '¿Cuál era su favorito?' },
    ])
    const sessions = Array.from({ length: limits.interviewSessionsPerMember }, () => ({
      id: newId(),
      ownerUserId: f.user.id,
      interviewedMemberId: grandma.memberId,
      timestamp: now,
      conversationPair: pair,
    }))
    for (let start = 0; start < sessions.length; start += 200)
      await t.db
        .insertInto('interviewSession')
        .values(sessions.slice(start, start + 200))
        .execute()

    const refused = await as(t.app, f.user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: grandma.memberId, message: 'Y bailaba.', language: 'es' } })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.code).toBe('limit.sessions_per_member')
    const listed = await as(t.app, f.user)({ method: 'GET', url: `/api/interviews?memberId=${grandma.memberId}` })
    expect(listed.json().sessions).toHaveLength(limits.interviewSessionsPerMember)
  })
})
