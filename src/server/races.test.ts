import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from './test/test-app.ts'

describe.each(testDatabases)('simultaneous writes on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('answers a lost race with 409 in the error model, never a 500, and keeps one tree and one self', async () => {
    const user = await createTestUser(t.app)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: `Yo${i}`, lastName: 'Díaz', isSelf: true } })),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(
      statuses.every((status) => status === 201 || status === 409 || status === 400),
      statuses.join(','),
    ).toBe(true)
    for (const answer of answers.filter((a) => a.statusCode >= 400)) expect(answer.json().error.code).toMatch(/^(conflict|validation_failed)$/)
    const tree = (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
    expect(tree.members.filter((m: { isSelf: boolean }) => m.isSelf)).toHaveLength(1)
  })
})
