import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../lib/ids.ts'
import { createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createMediaRepository } from './media.repository.ts'

describe.each(testDatabases)('the media of a whole tree, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('answers for 40,000 members at once (a tree of that size is exported whole)', async () => {
    const user = await createTestUser(t.app)
    const memberIds = Array.from({ length: 40_000 }, () => newId())
    const ids = await createMediaRepository(t.db).idsFor(user.id, 'member', memberIds)
    expect(ids.size).toBe(40_000)
    expect([...ids.values()].every((list) => list.length === 0)).toBe(true)
  })
})
