import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookBlock, BookDraft, BookOptionsInput } from '../../../shared/contracts/book.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { tellAna } from '../../test/heard-facts.ts'
import { webmHeader } from '../../test/media-fixtures.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

// Carmen, born in 1941, told Cronos about her childhood in Pasto and her wedding, and told Ana
// about her mother Aurora (with a recording). What a book of hers would hold is read back as the
// preview reads it: chapters by stage of life, by decade or placed by hand, Ana's questions with
// the answers, what she left out left out, and nothing of anyone else.

describe.each(testDatabases)('a life book drafted, on %s', (database) => {
  let t: TestApp
  let carmen: TestUser
  let stranger: TestUser
  let self: Member
  let aurora: Member
  let sessionId: string

  const call = (user: TestUser) => as(t.app, user)
  async function add(payload: object): Promise<Member> {
    const response = await call(carmen)({ method: 'POST', url: '/api/family-tree/members', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member
  }
  async function remember(content: string, title: string, eventDate: string) {
    const response = await call(carmen)({ method: 'POST', url: '/api/biography/entries', payload: { content, title, eventDate, language: 'es' } })
    expect(response.statusCode, response.body).toBe(201)
  }
  async function draft(user: TestUser, options: BookOptionsInput) {
    return call(user)({ method: 'POST', url: '/api/books/draft', payload: options })
  }
  const blocksOf = (body: BookDraft) => body.plan.chapters.flatMap((chapter) => chapter.blocks)
  const texts = (blocks: BookBlock[]) => blocks.map((block) => (block.type === 'memory' ? block.text : block.type === 'answer' ? block.answer : block.caption))

  beforeAll(async () => {
    t = await createTestApp(database)
    carmen = await createTestUser(t.app, { name: 'Carmen' })
    stranger = await createTestUser(t.app, { name: 'Extraña' })
    aurora = await add({ firstName: 'Aurora', lastName: 'Ordóñez', relationshipToOwner: 'Madre', birthDate: 'hacia 1915', gender: 'Femenino', isDeceased: true, deathDate: '1990' })
    self = await add({ firstName: 'Carmen', lastName: 'Peña Ordóñez', relationshipToOwner: 'Yo', birthDate: '1941-03-02', gender: 'Femenino', parentMemberIds: [aurora.memberId] })
    await remember('Jugábamos en la finca de Pasto con mi madre Aurora; ¡qué años aquellos, señor!', 'La finca', '1948')
    await remember('Me casé en la iglesia de San Juan, con un vestido de mi abuela.', 'La boda', '1966-06-12')
    await remember('Un recuerdo sin fecha de la cocina.', 'La cocina', '')
    sessionId = await tellAna(t.app, carmen, aurora.memberId, 'Mi madre nació en Pasto y cosía para todo el barrio.')
    const bytes = webmHeader()
    const tus = tusClient(t.app, carmen)
    const created = await tus.create(bytes.length, {
      filename: 'voz.webm',
      filetype: 'audio/webm',
      caption: 'La voz de Carmen',
      linkedToType: 'interviewSession',
      linkedToId: sessionId,
    })
    expect((await tus.patch(String(created.headers.location), 0, bytes)).statusCode).toBe(204)
  })
  afterAll(async () => t?.close())

  it("groups one's own memories by the stages of a life, with accents as written, and a cover of the person and her years", async () => {
    const response = await draft(carmen, { kind: 'person', language: 'es' })
    expect(response.statusCode, response.body).toBe(200)
    const body: BookDraft = response.json()
    expect(body.plan.title).toBe('Carmen Peña Ordóñez')
    expect(body.plan.subtitle).toContain('1941')
    expect(body.plan.chapters.map((chapter) => chapter.title)).toEqual(['Infancia', 'Edad adulta', 'Recuerdos sin fecha'])
    expect(texts(blocksOf(body))).toContain('Jugábamos en la finca de Pasto con mi madre Aurora; ¡qué años aquellos, señor!')
    expect(body.plan.words.contents).toBe('Índice')
    expect(body.canRetell).toBe(false)
    // Aurora is named in a memory: the index lists her, by her first name too.
    expect(body.plan.people.find((person) => person.id === aurora.memberId)?.terms).toContain('Aurora')
  })

  it('orders by decade, by hand, and leaves out what the author took out', async () => {
    const byDate: BookDraft = (await draft(carmen, { kind: 'person', language: 'es', order: 'date' })).json()
    expect(byDate.plan.chapters.map((chapter) => chapter.title)).toEqual(['La década de 1940', 'La década de 1960', 'Recuerdos sin fecha'])

    const first: BookDraft = (await draft(carmen, { kind: 'person', language: 'es' })).json()
    const [childhood, adulthood, undated] = first.plan.chapters.map((chapter) => chapter.key)
    const byHand: BookDraft = (await draft(carmen, { kind: 'person', language: 'es', order: 'manual', manualOrder: [undated!, childhood!] })).json()
    expect(byHand.plan.chapters.map((chapter) => chapter.key)).toEqual([undated, childhood, adulthood])

    const wedding = blocksOf(first).find((block) => block.type === 'memory' && block.title === 'La boda')!
    const without: BookDraft = (await draft(carmen, { kind: 'person', language: 'es', excluded: [wedding.id] })).json()
    expect(without.plan.chapters.map((chapter) => chapter.title)).toEqual(['Infancia', 'Recuerdos sin fecha'])
  })

  it("tells a relative by Ana's questions and the answers, with the recording to print beside it, in English too", async () => {
    const body: BookDraft = (await draft(carmen, { kind: 'person', memberId: aurora.memberId, language: 'en' })).json()
    expect(body.plan.title).toBe('Aurora Ordóñez')
    expect(body.plan.subtitle).toBe('circa 1915 – 1990')
    const answer = blocksOf(body).find((block) => block.type === 'answer')
    expect(answer).toMatchObject({ id: sessionId, answer: 'Mi madre nació en Pasto y cosía para todo el barrio.' })
    if (answer?.type !== 'answer') throw new Error('no answer')
    expect(answer.question).not.toBe('')
    // A draft prints no link: the addresses are made with the book.
    expect(answer.recordings).toEqual([expect.objectContaining({ url: null })])
    expect(body.plan.words.listen).toBe('Listen to the voice')
    // The chart: Aurora with her daughter.
    expect(body.plan.chart.map((person) => person.id).sort()).toEqual([aurora.memberId, self.memberId].sort())
    expect(body.plan.chart.find((person) => person.id === self.memberId)).toMatchObject({ parentIds: [aurora.memberId], generation: 1 })
  })

  it("gathers into a relative's book the memories shared with the family that name them", async () => {
    const treeId = (await call(carmen)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    const mine: BookDraft = (await draft(carmen, { kind: 'person', language: 'es' })).json()
    const finca = blocksOf(mine).find((block) => block.type === 'memory' && block.title === 'La finca')!
    const before: BookDraft = (await draft(carmen, { kind: 'person', memberId: aurora.memberId, language: 'es' })).json()
    expect(blocksOf(before).map((block) => block.id)).not.toContain(finca.id)

    const shared = await call(carmen)({ method: 'PUT', url: `/api/biography/entries/${finca.id}/share`, payload: { treeId } })
    expect(shared.statusCode, shared.body).toBe(200)
    const after: BookDraft = (await draft(carmen, { kind: 'person', memberId: aurora.memberId, language: 'es' })).json()
    const chapter = after.plan.chapters.find((candidate) => candidate.blocks.some((block) => block.id === finca.id))
    expect(chapter?.title).toBe('Recuerdos compartidos')
    // The wedding names nobody of the tree: it stays out of Aurora's book.
    expect(texts(chapter!.blocks)).toEqual(['Jugábamos en la finca de Pasto con mi madre Aurora; ¡qué años aquellos, señor!'])
    // The family book prints it once, in its teller's chapter.
    const family: BookDraft = (await draft(carmen, { kind: 'family', language: 'es' })).json()
    expect(family.plan.chapters.filter((candidate) => candidate.blocks.some((block) => block.id === finca.id)).map((candidate) => candidate.title)).toEqual(['Carmen Peña Ordóñez'])
    expect((await call(carmen)({ method: 'DELETE', url: `/api/biography/entries/${finca.id}/share/${treeId}` })).statusCode).toBe(204)
  })

  it('makes the family book a chapter per person with something told, born first first', async () => {
    const body: BookDraft = (await draft(carmen, { kind: 'family', language: 'fr' })).json()
    expect(body.plan.chapters.map((chapter) => chapter.title)).toEqual(['Aurora Ordóñez', 'Carmen Peña Ordóñez'])
    expect(body.plan.words.familyChart).toBe('L’arbre de la famille')
  })

  it('answers 404 for a person of another tree, and another person reads none of it', async () => {
    expect((await draft(stranger, { kind: 'person', memberId: aurora.memberId, language: 'es' })).statusCode).toBe(404)
    const theirs: BookDraft = (await draft(stranger, { kind: 'person', language: 'es' })).json()
    expect(theirs.plan.chapters).toEqual([])
    expect((await t.app.inject({ method: 'POST', url: '/api/books/draft', payload: { kind: 'person', language: 'es' } })).statusCode).toBe(401)
    expect((await draft(carmen, { kind: 'person', language: 'de' } as unknown as BookOptionsInput)).statusCode).toBe(400)
  })
})
