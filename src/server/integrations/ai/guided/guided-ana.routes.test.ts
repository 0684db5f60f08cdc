import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interviewChatEvents } from '../../../../shared/contracts/interviews.ts'
import { readServerSentEvents } from '../../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../../test/test-app.ts'

// The interview chat in the guided mode, through the routes: what the tree knows of the person
// talking (their card, its birth date, the parent links up to the relative) decides what Ana asks.
describe.each(testDatabases)('Ana’s guided questions for a relative never met, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  const ids: Record<'greatGrandma' | 'grandpa' | 'mother' | 'greatUncle', string> = { greatGrandma: '', grandpa: '', mother: '', greatUncle: '' }

  async function addMember(user: TestUser, payload: Record<string, unknown>): Promise<string> {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member.memberId
  }

  async function opening(user: TestUser, memberId: string, language = 'es'): Promise<string> {
    const response = await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=${language}` })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().mode).toBe('guided')
    return response.json().text
  }

  async function reply(user: TestUser, memberId: string, message: string): Promise<string> {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId, message, language: 'es' } })
    expect(response.statusCode, response.body).toBe(200)
    const done = readServerSentEvents(response.body, interviewChatEvents).at(-1)!
    if (done.event !== 'done' || !done.data.session) throw new Error(`no reply saved: ${response.body}`)
    return done.data.reply
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
    // Four generations linked parent to child, the owner's card last, with an approximate birth.
    ids.greatGrandma = await addMember(owner, { firstName: 'Inés', lastName: 'Paz', relationshipToOwner: 'Bisabuela', isDeceased: true })
    ids.grandpa = await addMember(owner, {
      firstName: 'Tomás',
      lastName: 'Ruiz',
      relationshipToOwner: 'Abuelo',
      isDeceased: true,
      deathDate: '1990',
      parentMemberIds: [ids.greatGrandma],
    })
    ids.mother = await addMember(owner, { firstName: 'Elena', lastName: 'Ruiz', relationshipToOwner: 'Madre', parentMemberIds: [ids.grandpa] })
    await addMember(owner, { firstName: 'Rosa', lastName: 'Díaz', isSelf: true, birthDate: 'hacia 1950', parentMemberIds: [ids.mother] })
    // Not linked to anyone: only the dates tell, and «antes de 1935» is surely before «hacia 1950».
    ids.greatUncle = await addMember(owner, { firstName: 'Julián', lastName: 'Paz', relationshipToOwner: 'Tío abuelo', isDeceased: true, deathDate: 'antes de 1935' })
  })
  afterAll(() => t.close())

  it('opens on what the family tells for a great-grandparent, and for a relative who died before the owner was born', async () => {
    const greatGrandma = await opening(owner, ids.greatGrandma)
    expect(greatGrandma).toMatch(/^Hola, soy Ana\. Hablaremos de Inés a través de lo que se cuenta en la familia/)
    expect(greatGrandma.endsWith('¿Qué historias se contaban de Inés?')).toBe(true)
    const greatUncle = await opening(owner, ids.greatUncle, 'en')
    expect(greatUncle).toMatch(/^Hello, I’m Ana\. We will talk about Julián through what the family tells/)
    expect(greatUncle.endsWith('What stories were told about Julián?')).toBe(true)
  })

  it('asks a mother for memories at once, with no question whether they met', async () => {
    const mother = await opening(owner, ids.mother)
    expect(mother).not.toContain('conocer')
    expect(mother.endsWith('¿Cuál es el primer recuerdo que tienes de Elena?')).toBe(true)
  })

  it('asks first about a grandparent the tree cannot place, and a no turns the conversation, then and after a reload', async () => {
    expect((await opening(owner, ids.grandpa)).endsWith('Antes de empezar, una pregunta. ¿Llegaste a conocer a Tomás?')).toBe(true)
    const turned = await reply(owner, ids.grandpa, 'No, murió cuando yo vivía lejos.')
    expect(turned).toMatch(/^Entiendo\. Entonces hablaremos de Tomás a través de lo que se cuenta en la familia/)
    expect(turned.endsWith('¿Qué historias se contaban de Tomás?')).toBe(true)
    const next = await reply(owner, ids.grandpa, 'Que cruzó la cordillera a pie.')
    // The tree knows nothing of him yet: within the theme she asks what would fill his card.
    expect(next.endsWith('¿Cómo llamaban a Tomás en la familia o en su pueblo?')).toBe(true)
    const reopened = await opening(owner, ids.grandpa)
    expect(reopened).toMatch(/^Hola de nuevo\. Sigamos con lo que se cuenta de Tomás/)
    expect(reopened.endsWith('¿Cómo llamaban a Tomás en la familia o en su pueblo?')).toBe(true)
  })

  it('knows the owner’s card by its words too, when it is not ticked as theirs', async () => {
    const user = await createTestUser(t.app)
    await addMember(user, { firstName: 'Luz', lastName: 'Mora', relationshipToOwner: ' Yo  misma ', birthDate: '1960-02-01' })
    const grandfather = await addMember(user, { firstName: 'Abel', lastName: 'Mora', relationshipToOwner: 'Abuelo', isDeceased: true, deathDate: '1931' })
    expect(await opening(user, grandfather)).toMatch(/^Hola, soy Ana\. Hablaremos de Abel a través de lo que se cuenta en la familia/)
  })

  it('keeps the first set after a yes, and tells another user nothing of the owner’s relative', async () => {
    const user = await createTestUser(t.app)
    const aunt = await addMember(user, { firstName: 'Marta', lastName: 'Gómez', relationshipToOwner: 'Tía', isDeceased: true })
    expect((await opening(user, aunt)).endsWith('¿Llegaste a conocer a Marta?')).toBe(true)
    expect((await reply(user, aunt, 'Sí, vivía al lado.')).endsWith('¿Cuál es el primer recuerdo que tienes de Marta?')).toBe(true)
    const response = await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${ids.greatGrandma}&language=es` })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('not_found')
  })
})
