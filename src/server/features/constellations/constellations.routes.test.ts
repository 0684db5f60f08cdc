import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constellationSchema, type Constellation, type Star } from '../../../shared/contracts/constellations.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { tellAna } from '../../test/heard-facts.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// Rosa's tree holds her grandmother Aurora (born in Pasto, Nariño) and her living cousin Teresa
// (born in Ipiales). What Rosa tells, and what her relatives may see of it, becomes her sky.

describe.each(testDatabases)('constellations on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let treeId: string
  let aurora: Member
  let teresa: Member

  const call = (user: TestUser) => as(t.app, user)
  async function add(payload: object): Promise<Member> {
    const response = await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member
  }
  async function remember(user: TestUser, content: string, extra: object = {}): Promise<string> {
    const response = await call(user)({ method: 'POST', url: '/api/biography/entries', payload: { content, language: 'es', ...extra } })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id
  }
  async function dreamt(user: TestUser, content: string): Promise<void> {
    const response = await call(user)({ method: 'POST', url: '/api/dreams', payload: { content } })
    expect(response.statusCode, response.body).toBe(201)
  }
  async function skyOf(user: TestUser): Promise<Constellation> {
    const response = await call(user)({ method: 'GET', url: '/api/ai-lab/constellations' })
    expect(response.statusCode, response.body).toBe(200)
    return constellationSchema.parse(response.json())
  }
  const star = (sky: Constellation, id: string): Star | undefined => sky.stars.find((s) => s.id === id)
  const weightBetween = (sky: Constellation, a: string, b: string) => sky.links.find((l) => (l.source === a && l.target === b) || (l.source === b && l.target === a))?.weight
  async function joined(role: 'viewer' | 'editor'): Promise<TestUser> {
    const person = await createTestUser(t.app, { name: role === 'viewer' ? 'Tomás' : 'Lucía' })
    await joinByInvitation(t.app, { inviter: rosa, invitee: person, treeId, role })
    return person
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa' })
    await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez', birthDate: '1970' } })
    aurora = await add({ firstName: 'Aurora', lastName: 'Ordóñez', relationshipToOwner: 'Abuela', isDeceased: true, birthPlace: 'Pasto, Nariño, Colombia' })
    teresa = await add({ firstName: 'Teresa', lastName: 'Ruiz', relationshipToOwner: 'Prima', birthDate: '1985', birthPlace: 'Ipiales, Nariño' })
    treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
  })
  afterAll(() => t.close())

  it('draws nothing for a person who has told nothing yet', async () => {
    const sky = await skyOf(await createTestUser(t.app))
    expect(sky).toEqual({ stars: [], links: [], mentions: [], toldCount: 0 })
  })

  it('makes a name said in two memories a star of two, joined to the year both say, and each mention opens where it lives', async () => {
    const first = await remember(rosa, 'En 1962 la abuela AURORA nos llevó al río.', { title: 'El río' })
    const second = await remember(rosa, 'Aurora Ordoñez cantaba en Pasto cuando llegó 1962.')
    const sky = await skyOf(rosa)

    const grandmother = star(sky, `person:${aurora.memberId}`)
    expect(grandmother).toMatchObject({ kind: 'person', label: 'Aurora Ordóñez' })
    expect(grandmother?.mentionKeys.sort()).toEqual([`memory:${first}`, `memory:${second}`].sort())
    expect(star(sky, 'year:1962')?.mentionKeys).toHaveLength(2)
    expect(weightBetween(sky, `person:${aurora.memberId}`, 'year:1962')).toBe(2)
    // Pasto was said once: it does not recur yet.
    expect(star(sky, 'place:pasto')).toBeUndefined()
    expect(sky.mentions.find((m) => m.key === `memory:${first}`)).toMatchObject({ kind: 'memory', title: 'El río', path: `/my-story#memory-${first}` })
  })

  it('reads dreams and interviews too, and finds a place by the part people say of it', async () => {
    const dream = await call(rosa)({ method: 'POST', url: '/api/dreams', payload: { title: 'Volver', content: 'Soñé que volvía a PASTO en tren.', dreamDate: '2024-03-05' } })
    expect(dream.statusCode, dream.body).toBe(201)
    const session = await tellAna(t.app, rosa, aurora.memberId, 'Se casó en Pasto y tuvo seis hijos.')
    const sky = await skyOf(rosa)

    expect(star(sky, 'place:pasto')).toMatchObject({ kind: 'place', label: 'Pasto' })
    expect(star(sky, 'place:pasto')?.mentionKeys).toEqual(expect.arrayContaining([`dream:${dream.json().id}`, `interview:${session}`]))
    // The interview is about Aurora even where its words do not name her.
    expect(star(sky, `person:${aurora.memberId}`)?.mentionKeys).toContain(`interview:${session}`)
    expect(sky.mentions.find((m) => m.key === `interview:${session}`)?.path).toBe(`/story/${aurora.memberId}`)
  })

  it('reads the person’s own words of their AI-lab stories, never the model’s variation', async () => {
    const kept = async (originalText: string, aiVariationText: string) => {
      const response = await call(rosa)({ method: 'POST', url: '/api/ai-lab/memories', payload: { originalText, aiVariationText, saveMethod: 'withVariation' } })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().id as string
    }
    const first = await kept('En 1957 llegó el primer radio a la casa.', 'En 1888 un dragón trajo el radio desde 1888.')
    const second = await kept('El radio de 1957 sonaba todas las noches.', 'El radio de 1888 hablaba solo, como en 1888.')
    const sky = await skyOf(rosa)

    expect(star(sky, 'year:1957')?.mentionKeys.sort()).toEqual([`story:${first}`, `story:${second}`].sort())
    expect(star(sky, 'year:1888')).toBeUndefined()
    expect(sky.mentions.find((m) => m.key === `story:${first}`)).toMatchObject({ kind: 'story', path: '/ai-lab?tab=memory' })
  })

  it('never lets another person’s private dream into one’s sky', async () => {
    const lucia = await joined('editor')
    await dreamt(lucia, 'Teresa Ruiz y yo fuimos a Ipiales en 1999.')
    await dreamt(lucia, 'Teresa Ruiz volvió de Ipiales en 1999.')
    const rosas = await skyOf(rosa)
    expect(star(rosas, `person:${teresa.memberId}`)).toBeUndefined()
    expect(star(rosas, 'year:1999')).toBeUndefined()
    // Lucía, an editor of the tree, sees her own words drawn, with Teresa's birthplace.
    const lucias = await skyOf(lucia)
    expect(star(lucias, `person:${teresa.memberId}`)?.mentionKeys).toHaveLength(2)
    expect(star(lucias, 'place:ipiales')?.mentionKeys).toHaveLength(2)
  })

  it('does not tell a viewer of the tree where a hidden living relative was born', async () => {
    const tomas = await joined('viewer')
    await dreamt(tomas, 'Teresa Ruiz vive en Ipiales desde 2010.')
    await dreamt(tomas, 'Fui a Ipiales a ver a Teresa Ruiz en 2010.')
    const sky = await skyOf(tomas)
    // Her name is what a viewer knows of her; the place is known only from her card.
    expect(star(sky, `person:${teresa.memberId}`)?.mentionKeys).toHaveLength(2)
    expect(star(sky, 'year:2010')?.mentionKeys).toHaveLength(2)
    expect(star(sky, 'place:ipiales')).toBeUndefined()
  })

  it('does not read for a viewer what was told about a hidden living relative', async () => {
    const first = await tellAna(t.app, rosa, teresa.memberId, 'Teresa trabajó en una escuela en 1990.')
    const second = await tellAna(t.app, rosa, teresa.memberId, 'En 1990 se mudó cerca del mar.')
    expect(star(await skyOf(rosa), 'year:1990')?.mentionKeys.sort()).toEqual([`interview:${first}`, `interview:${second}`].sort())

    const sky = await skyOf(await joined('viewer'))
    expect(star(sky, 'year:1990')).toBeUndefined()
    expect(sky.mentions.map((mention) => mention.key)).not.toContain(`interview:${first}`)
  })

  it('does not tell a viewer where a hidden living relative married', async () => {
    await add({
      firstName: 'Julio',
      lastName: 'Mora',
      relationshipToOwner: 'Primo político',
      isDeceased: true,
      unions: [{ spouseId: teresa.memberId, marriagePlace: 'Túquerres, Nariño' }],
    })
    const tomas = await joined('viewer')
    for (const user of [rosa, tomas]) {
      await dreamt(user, 'Soñé con la plaza de Túquerres.')
      await dreamt(user, 'Volví a Túquerres en sueños.')
    }
    expect(star(await skyOf(rosa), 'place:tuquerres')).toMatchObject({ label: 'Túquerres' })
    expect(star(await skyOf(tomas), 'place:tuquerres')).toBeUndefined()
  })

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ai-lab/constellations' })
    expect(response.statusCode).toBe(401)
  })
})
