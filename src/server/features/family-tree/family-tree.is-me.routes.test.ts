import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { importThroughApi } from '../gedcom/test/gedcom-api.ts'
import { as, createTestApp, signUpTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

// Saying who one is in an imported tree: the own card sign-up made gives way to the chosen person.

const family = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '0 @I1@ INDI', '1 NAME Carmen /López/', '0 @I2@ INDI', '1 NAME Rosa /García/', '1 BIRT', '2 DATE 1920', '0 TRLR', ''].join('\n')

describe.each(testDatabases)('“this is me” after an import, on %s', (database) => {
  let t: TestApp
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
  const isMe = (user: TestUser, memberId: string) => as(t.app, user)({ method: 'POST', url: `/api/family-tree/members/${memberId}/is-me`, payload: {} })

  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('makes the chosen person the owner, moving the first memories to them and filling their birth date from the card that gave way', async () => {
    const carmen = await signUpTestUser(t.app, { name: 'Carmen López', birthDate: 'mayo de 1948', preferredLanguage: 'es' })
    const [card] = (await tree(carmen)).members
    await as(t.app, carmen)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Nací en Jaén.' } })
    await importThroughApi(t.app, carmen, family)
    const imported = (await tree(carmen)).members.find((m) => m.sourceId?.includes('I1'))!

    const chosen = await isMe(carmen, imported.memberId)
    expect(chosen.statusCode, chosen.body).toBe(200)
    const after = await tree(carmen)
    expect(after.members.filter((m) => m.isSelf)).toEqual([
      expect.objectContaining({ memberId: imported.memberId, firstName: 'Carmen', relationshipToOwner: 'Yo mismo/a', birthDate: 'MAY 1948' }),
    ])
    expect(after.members.some((m) => m.memberId === card!.memberId)).toBe(false)
    expect(after.members).toHaveLength(2)
    const { entries } = (await as(t.app, carmen)({ method: 'GET', url: '/api/biography/entries' })).json()
    expect(entries).toEqual([expect.objectContaining({ subjectMemberId: imported.memberId })])
    // Saying it again changes nothing.
    expect((await isMe(carmen, imported.memberId)).statusCode).toBe(200)
  })

  it('keeps an own card that holds more than sign-up gave it, and refuses a second «me»', async () => {
    const rosa = await signUpTestUser(t.app, { name: 'Rosa García' })
    const [card] = (await tree(rosa)).members
    await as(t.app, rosa)({ method: 'PATCH', url: `/api/family-tree/members/${card!.memberId}`, payload: { birthPlace: 'Pasto' } })
    await importThroughApi(t.app, rosa, family)
    const other = (await tree(rosa)).members.find((m) => m.sourceId?.includes('I2'))!
    const refused = await isMe(rosa, other.memberId)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.details).toEqual([{ path: 'isSelf', code: 'member.self_exists' }])
    expect((await tree(rosa)).members.filter((m) => m.isSelf).map((m) => m.memberId)).toEqual([card!.memberId])
  })

  it('answers 404 for another person’s member', async () => {
    const [owner, stranger] = [await signUpTestUser(t.app, { name: 'Ana Gil' }), await signUpTestUser(t.app, { name: 'Luis Gil' })]
    const [card] = (await tree(owner)).members
    expect((await isMe(stranger, card!.memberId)).statusCode).toBe(404)
  })
})
