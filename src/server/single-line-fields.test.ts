import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from './test/test-app.ts'
import { tusClient } from './test/tus-client.ts'

/** The fields a refusal names with `validation.single_line`. */
function singleLinePaths(body: { error: { code: string; details?: { path: string; code: string }[] } }): string[] {
  expect(body.error.code).toBe('validation_failed')
  return (body.error.details ?? []).filter((issue) => issue.code === 'validation.single_line').map((issue) => issue.path)
}

describe.each(testDatabases)('one-line fields on %s', (database) => {
  let t: TestApp
  let user: TestUser
  let memberId: string

  beforeAll(async () => {
    t = await createTestApp(database)
    user = await createTestUser(t.app)
    const self = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
    memberId = self.json().member.memberId
  })
  afterAll(() => t.close())

  it('refuses line breaks, tabs and other control characters in names, places, the relationship and dates, and keeps the notes’ and bio’s line breaks', async () => {
    const refused = await as(
      t.app,
      user,
    )({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: {
        firstName: 'Ana\nMaría',
        lastName: 'Ruiz\u001b[31m',
        relationshipToOwner: 'Tía\rabuela',
        birthPlace: 'Sevilla\tEspaña',
        deathPlace: 'Madrid\u0085Centro',
        birthDate: '1920\u2028',
        deathDate: 'hacia\n1990',
        isDeceased: true,
        notes: 'Línea uno.\nLínea dos.',
        unions: [{ spouseId: null, marriagePlace: 'Cádiz\nCapital' }],
      },
    })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(singleLinePaths(refused.json()).sort()).toEqual(['birthPlace', 'deathDate', 'deathPlace', 'firstName', 'lastName', 'relationshipToOwner', 'unions.0.marriagePlace'])
    expect((await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json().members).toHaveLength(1)

    const kept = await as(
      t.app,
      user,
    )({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'Ana María', lastName: 'Ruiz', relationshipToOwner: 'Tía', notes: 'Línea uno.\r\nLínea dos.', bioSummary: 'Nació en Sevilla.\nVivió en Madrid.' },
    })
    expect(kept.statusCode, kept.body).toBe(201)
    expect(kept.json().member).toMatchObject({ notes: 'Línea uno.\r\nLínea dos.', bioSummary: 'Nació en Sevilla.\nVivió en Madrid.' })
    const renamed = await as(t.app, user)({ method: 'PATCH', url: `/api/family-tree/members/${kept.json().member.memberId}`, payload: { lastName: 'Ruiz\nPérez' } })
    expect(singleLinePaths(renamed.json())).toEqual(['lastName'])
  })

  it('refuses them in titles, the display name, the contact name and an upload’s file name and caption, and keeps a dream’s and a message’s line breaks', async () => {
    const cases = [
      { method: 'PATCH', url: '/api/me', payload: { displayName: 'Rosa\nDíaz', familyRelation: 'Nieta\t' + 'mayor' }, paths: ['displayName', 'familyRelation'] },
      { method: 'POST', url: '/api/dreams', payload: { title: 'Un\u0007sueño', content: 'Soñé que volaba.' }, paths: ['title'] },
      { method: 'POST', url: '/api/biography/entries', payload: { title: 'Mi\u2029infancia', content: 'Crecí en Sevilla.' }, paths: ['title'] },
      { method: 'POST', url: '/api/contact', payload: { name: 'Rosa\r\nBcc: otro@example.com', email: user.email, message: 'Hola.' }, paths: ['name'] },
    ] as const
    for (const { method, url, payload, paths } of cases) {
      const answer = await as(t.app, user)({ method, url, payload })
      expect(answer.statusCode, url).toBe(400)
      expect(singleLinePaths(answer.json()).sort(), url).toEqual(paths)
    }

    const upload = await tusClient(t.app, user).create(10, { filename: 'carta\n.txt', caption: 'De la\nabuela', linkedToType: 'member', linkedToId: memberId })
    expect(upload.statusCode, upload.body).toBe(400)
    expect(singleLinePaths(upload.json()).sort()).toEqual(['caption', 'filename'])

    const dream = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload: { title: 'Volar', content: 'Soñé que volaba.\n\nY luego caía.' } })
    expect(dream.statusCode, dream.body).toBe(201)
    expect(dream.json().content).toBe('Soñé que volaba.\n\nY luego caía.')
    const message = await as(t.app, user)({ method: 'POST', url: '/api/contact', payload: { name: 'Rosa Díaz', email: user.email, message: 'Hola.\nGracias por Legado.' } })
    expect(message.statusCode, message.body).toBe(201)
  })
})
