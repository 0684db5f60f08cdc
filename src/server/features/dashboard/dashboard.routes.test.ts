import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, signUpTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { excerptOf } from './dashboard.service.ts'

describe.each(testDatabases)('what the dashboard takes up again, on %s', (database) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('says nothing was saved yet for a new account', async () => {
    const carmen = await signUpTestUser(t.app, { name: 'Carmen López' })
    const recent = await as(t.app, carmen)({ method: 'GET', url: '/api/dashboard/recent' })
    expect(recent.statusCode).toBe(200)
    expect(recent.json()).toEqual({ lastMemory: null, lastInterview: null })
  })

  it('names the latest memory and the relative of the latest interview, and only the person’s own', async () => {
    const carmen = await signUpTestUser(t.app, { name: 'Carmen López' })
    const stranger = await signUpTestUser(t.app, { name: 'Tomás Pérez' })
    const call = as(t.app, carmen)
    await call({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Nací en Jaén, en una casa con un patio lleno de geranios.' } })
    await call({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Mi primer trabajo fue en la panadería de mi tío.', title: '' } })
    const rosa = (await call({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'García', relationshipToOwner: 'Madre' } })).json().member
    const chat = await call({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: rosa.memberId, message: 'Cantaba boleros mientras cosía.' } })
    expect(chat.statusCode, chat.body).toBe(200)

    const recent = (await call({ method: 'GET', url: '/api/dashboard/recent' })).json()
    expect(recent).toEqual({
      lastMemory: { excerpt: 'Mi primer trabajo fue en la panadería de mi tío.', savedAt: expect.any(String) },
      lastInterview: { excerpt: 'Cantaba boleros mientras cosía.', savedAt: expect.any(String), memberId: rosa.memberId, firstName: 'Rosa', lastName: 'García' },
    })
    expect((await as(t.app, stranger)({ method: 'GET', url: '/api/dashboard/recent' })).json()).toEqual({ lastMemory: null, lastInterview: null })
  })
})

describe('excerptOf', () => {
  it('keeps a short text whole on one line, and cuts a long one at a word', () => {
    expect(excerptOf('Nací en\nJaén.')).toBe('Nací en Jaén.')
    const long = 'Cuando era niña pasaba los veranos en el cortijo de mis abuelos, donde aprendí a ordeñar las cabras y a hacer queso.'
    expect(long.startsWith(excerptOf(long).slice(0, -1))).toBe(true)
    expect(excerptOf(long).length).toBeLessThanOrEqual(91)
    expect(excerptOf(long).endsWith('…')).toBe(true)
  })
})
