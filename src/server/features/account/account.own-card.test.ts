import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'

const signUp = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload })

/** The signed-up person's tree, as the tree page reads it. */
async function treeOf(t: TestApp, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/family-tree', headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return response.json() as {
    tree: { treeName: string } | null
    members: { firstName: string; lastName: string; isSelf: boolean; relationshipToOwner: string; birthDate: string | null }[]
  }
}

describe.each(testDatabases)('the own card made at sign-up on %s', (database) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('makes the person’s own card from the name and the birth date as they know it', async () => {
    const response = await signUp(t, {
      name: ' Carmen López García ',
      email: 'carmen@example.com',
      password: 'memorias-de-carmen',
      birthDate: 'mayo de 1948',
      preferredLanguage: 'es',
    })
    expect(response.statusCode, response.body).toBe(200)
    // The account keeps only an exact day; the card keeps the date as written.
    expect(response.json().user).toMatchObject({ displayName: 'Carmen López García', birthDate: null })

    const { tree, members } = await treeOf(t, cookieHeader(response))
    expect(tree?.treeName).toBe('Árbol de Carmen López García')
    expect(members).toEqual([expect.objectContaining({ firstName: 'Carmen', lastName: 'López García', isSelf: true, relationshipToOwner: 'Yo mismo/a', birthDate: 'MAY 1948' })])
  })

  it('keeps an exact day on the account as well as on the card, read in the person’s language', async () => {
    const response = await signUp(t, { name: 'Amélie Dubois', email: 'amelie@example.com', password: 'souvenirs-amelie', birthDate: '3 mars 1979', preferredLanguage: 'fr' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().user).toMatchObject({ birthDate: '1979-03-03' })
    const { tree, members } = await treeOf(t, cookieHeader(response))
    expect(tree?.treeName).toBe('Arbre de Amélie Dubois')
    expect(members).toEqual([expect.objectContaining({ firstName: 'Amélie', lastName: 'Dubois', isSelf: true, birthDate: '1979-03-03' })])
  })

  it('lets the biography save the first answer at once', async () => {
    const response = await signUp(t, { name: 'Rosa Díaz', email: 'rosa-cronos@example.com', password: 'memorias-de-rosa' })
    const cookie = cookieHeader(response)
    const saved = await t.app.inject({ method: 'POST', url: '/api/biography/entries', headers: { cookie }, payload: { content: 'Nací en un pueblo de Jaén.' } })
    expect(saved.statusCode, saved.body).toBe(201)
    const { members } = await treeOf(t, cookie)
    expect(saved.json()).toMatchObject({ subjectMemberId: expect.any(String) })
    expect(members.map((m) => m.isSelf)).toEqual([true])
  })

  it('makes no card for an account signed up without a name (the older form); the biography’s notice makes it later, once', async () => {
    const response = await signUp(t, { email: 'sin-nombre@example.com', password: 'otra-clave-larga' })
    expect(response.statusCode).toBe(200)
    const cookie = cookieHeader(response)
    expect(await treeOf(t, cookie)).toMatchObject({ tree: null, members: [] })

    const make = (payload: object) => t.app.inject({ method: 'POST', url: '/api/family-tree/own-card', headers: { cookie }, payload })
    expect((await make({ fullName: '  ' })).json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'fullName', code: 'validation.required' }] })
    const made = await make({ fullName: 'Carmen', birthDate: 'hacia 1946', language: 'es' })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().member).toMatchObject({ firstName: 'Carmen', lastName: '', isSelf: true, birthDate: 'ABT 1946' })
    const again = await make({ fullName: 'Carmen Ruiz' })
    expect(again.json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'isSelf', code: 'member.self_exists' }] })
    expect((await treeOf(t, cookie)).members).toHaveLength(1)
  })
})
