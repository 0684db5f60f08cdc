import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// Rosa keeps the tree and typed her own words: Joaquín is her «Padre», Luis her «Hijo», Tomás her
// «Nieto». When Tomás, who joined linked to his card, tells Ana about Joaquín, Ana hears of his
// great-grandfather; someone with no card of their own hears Rosa's word as Rosa's.

describe.each(testDatabases)('Ana speaks of a relative as the teller’s kin, on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  let rosa: TestUser
  let treeId: string
  /** Tomás, linked to his card. */
  let tomas: TestUser
  const card = {} as Record<'rosa' | 'joaquin' | 'luis' | 'tomas' | 'marta', Member>

  const call = (user: TestUser) => as(t.app, user)
  async function add(payload: object): Promise<Member> {
    const response = await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member
  }
  /** Someone who accepted a contributor's invitation, linked to `memberId` when given. */
  async function joined(memberId?: string): Promise<TestUser> {
    const person = await createTestUser(t.app)
    await joinByInvitation(t.app, { inviter: rosa, invitee: person, treeId, role: 'contributor', memberId })
    return person
  }
  /** What Ana is told when `user` tells her about `memberId`. */
  async function instructionFor(user: TestUser, memberId: string, language = 'es'): Promise<string> {
    gemini.answerWith({ kind: 'stream', pieces: ['¿Y qué más?'] })
    const told = await call(user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId, message: 'Criaba palomas mensajeras.', language } })
    expect(told.statusCode, told.body).toBe(200)
    return (gemini.chatRequests().at(-1)!.body as { systemInstruction: { parts: { text: string }[] } }).systemInstruction.parts[0]!.text
  }
  const factsFor = async (user: TestUser, memberId: string) => (await call(user)({ method: 'GET', url: `/api/family-tree/members/${memberId}` })).json().member

  beforeAll(async () => {
    gemini = await startFakeGemini()
    t = await createTestApp(database, geminiSettings(gemini))
    rosa = await createTestUser(t.app, { name: 'Rosa' })
    card.rosa = (await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez', birthDate: '1946' } })).json().member
    card.joaquin = await add({
      firstName: 'Joaquín',
      lastName: 'Pérez',
      relationshipToOwner: 'Padre',
      gender: 'Masculino',
      isDeceased: true,
      deathDate: '1960',
      childrenMemberIds: [card.rosa.memberId],
    })
    card.luis = await add({ firstName: 'Luis', lastName: 'Gómez', relationshipToOwner: 'Hijo', gender: 'Masculino', parentMemberIds: [card.rosa.memberId] })
    card.tomas = await add({ firstName: 'Tomás', lastName: 'Gómez', relationshipToOwner: 'Nieto', gender: 'Masculino', birthDate: '1995', parentMemberIds: [card.luis.memberId] })
    card.marta = await add({ firstName: 'Marta', lastName: 'Ruiz', relationshipToOwner: 'Vecina', gender: 'Femenino' })
    treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    tomas = await joined(card.tomas.memberId)
  })
  afterAll(async () => {
    await t.close()
    await gemini.close()
  })

  it('tells Ana the relation to the grandson talking, not the word the keeper typed', async () => {
    const es = await instructionFor(tomas, card.joaquin.memberId)
    expect(es).toContain('parentesco con quien te habla: bisabuelo')
    expect(es).not.toContain('Padre')
    // He was born after Joaquín died: Ana asks what the family tells, judged by his own card.
    expect(es).toContain('no llegó a conocer')
    expect(await instructionFor(tomas, card.joaquin.memberId, 'en')).toContain('relationship to the person talking to you: great-grandfather')
    // Her own card says no gender: the word of either.
    expect(await instructionFor(tomas, card.rosa.memberId, 'fr')).toContain('lien avec la personne qui vous parle: grand-parent')
    expect(await instructionFor(tomas, card.tomas.memberId)).toContain('es la misma persona que te habla')
  })

  it('keeps the keeper’s own word in her own conversations', async () => {
    const es = await instructionFor(rosa, card.joaquin.memberId)
    expect(es).toContain('parentesco con quien te habla: Padre')
    expect(es).not.toContain('no llegó a conocer')
  })

  it('says the keeper’s word as hers to someone without a card of their own, or with no path to the relative', async () => {
    const guest = await joined()
    const es = await instructionFor(guest, card.joaquin.memberId)
    expect(es).toContain('no consta en el árbol; es padre de Rosa Pérez, quien guarda el árbol')
    expect(es).not.toContain('parentesco con quien te habla: Padre')
    expect(await instructionFor(guest, card.rosa.memberId)).toContain('es Rosa Pérez, quien guarda el árbol')
    expect(await instructionFor(tomas, card.marta.memberId)).toContain('es vecina de Rosa Pérez, quien guarda el árbol')
  })

  it('gives the page about a relative their relation to the reader, and nothing new to the keeper', async () => {
    expect((await factsFor(tomas, card.joaquin.memberId)).relationToReader).toEqual({ kinship: { relation: 'ancestor', generations: 3 }, keeperName: 'Rosa Pérez' })
    expect((await factsFor(tomas, card.marta.memberId)).relationToReader).toEqual({ kinship: null, keeperName: 'Rosa Pérez' })
    expect((await factsFor(rosa, card.joaquin.memberId)).relationToReader).toBeUndefined()
  })

  it('says the old keeper’s words as hers once her tree moved to a keeper of its own, and the new owner’s kin as his', async () => {
    const password = 'un-recuerdo-largo'
    const carmen = await createTestUser(t.app, { name: 'Carmen', password })
    const own = (await call(carmen)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Carmen Díaz' } })).json().member as Member
    const adds = async (payload: object) => (await call(carmen)({ method: 'POST', url: '/api/family-tree/members', payload })).json().member as Member
    const father = await adds({ firstName: 'Pedro', lastName: 'Díaz', relationshipToOwner: 'Padre', gender: 'Masculino', childrenMemberIds: [own.memberId] })
    const neighbour = await adds({ firstName: 'Jacinto', lastName: 'Mora', relationshipToOwner: 'Vecino', gender: 'Masculino' })
    const son = await adds({ firstName: 'Andrés', lastName: 'Ruiz', relationshipToOwner: 'Hijo', gender: 'Masculino', parentMemberIds: [own.memberId] })
    const carmensTree = (await call(carmen)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    const andres = await createTestUser(t.app)
    await joinByInvitation(t.app, { inviter: carmen, invitee: andres, treeId: carmensTree, role: 'editor', memberId: son.memberId })
    expect((await call(carmen)({ method: 'PATCH', url: `/api/trees/${carmensTree}/people/${andres.id}`, payload: { role: 'owner' } })).statusCode).toBe(204)
    expect((await call(carmen)({ method: 'DELETE', url: '/api/me', payload: { password } })).statusCode).toBe(204)

    expect(await instructionFor(andres, father.memberId)).toContain('parentesco con quien te habla: abuelo')
    expect(await instructionFor(andres, own.memberId)).toContain('parentesco con quien te habla: progenitor')
    expect(await instructionFor(andres, neighbour.memberId)).toContain('es vecino de Carmen Díaz, quien guarda el árbol')
  })
})
