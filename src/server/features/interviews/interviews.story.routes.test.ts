import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interviewChatEvents, type InterviewSession } from '../../../shared/contracts/interviews.ts'
import { readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

// Interviews kept as a story: «otra» is no answer, one sitting is one interview, an answer's words
// can be corrected (the first ones kept), and a conversation can be named.

const questionOf = (text: string) => text.slice(text.lastIndexOf('¿'))

describe.each(testDatabases)('interviews kept as a story, on %s', (database) => {
  let t: TestApp
  let stranger: TestUser

  beforeAll(async () => {
    t = await createTestApp(database)
    stranger = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  async function relative() {
    const user = await createTestUser(t.app)
    const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' } })
    return { user, memberId: response.json().member.memberId as string }
  }
  async function chat(user: TestUser, memberId: string, message: string) {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId, message } })
    return readServerSentEvents(response.body, interviewChatEvents)
  }
  const sessionsOf = async (user: TestUser, memberId: string): Promise<InterviewSession[]> =>
    (await as(t.app, user)({ method: 'GET', url: `/api/interviews?memberId=${memberId}` })).json().sessions
  const segmentsOf = async (user: TestUser, memberId: string): Promise<string[]> =>
    (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json().members.find((m: { memberId: string }) => m.memberId === memberId).interviewSegments
  const opening = async (user: TestUser, memberId: string) =>
    (await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=es` })).json().text as string

  it('keeps no answer of «siguiente» and does not ask the skipped question again, now or in the next sitting', async () => {
    const { user, memberId } = await relative()
    const skipped = questionOf(await opening(user, memberId))
    const events = await chat(user, memberId, 'Siguiente')
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { session: null, notSavedReason: 'chat.skipped' } })
    expect(await sessionsOf(user, memberId)).toEqual([])
    expect(await segmentsOf(user, memberId)).toEqual([])
    const reopened = await opening(user, memberId)
    expect(reopened).not.toContain(skipped)

    await chat(user, memberId, 'Cocinaba arepas.')
    const [kept] = await sessionsOf(user, memberId)
    expect(kept!.question).toBe(questionOf(reopened))
    expect(await segmentsOf(user, memberId)).toEqual([kept!.conversation!.id])
  })

  it('counts the sittings as interviews: a pause of hours starts another', async () => {
    const { user, memberId } = await relative()
    await chat(user, memberId, 'Era costurera.')
    await chat(user, memberId, 'Cosía vestidos de novia.')
    expect(await segmentsOf(user, memberId)).toHaveLength(1)
    await t.db
      .updateTable('interviewSession')
      .set({ timestamp: new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString() })
      .where('ownerUserId', '=', user.id)
      .execute()
    await chat(user, memberId, 'Y cantaba mientras cosía.')
    expect(await segmentsOf(user, memberId)).toHaveLength(2)
    expect(new Set((await sessionsOf(user, memberId)).map((session) => session.conversation?.id)).size).toBe(2)
  })

  it('corrects an answer, keeping the first words; names a conversation; both for the owner only', async () => {
    const { user, memberId } = await relative()
    await chat(user, memberId, 'Vivia en Pasto')
    const [session] = await sessionsOf(user, memberId)
    const correct = (who: TestUser, answer: string) => as(t.app, who)({ method: 'PATCH', url: `/api/interviews/${session!.id}`, payload: { answer } })

    expect((await correct(user, 'Vivía en Pasto, Nariño.')).json()).toMatchObject({ answer: 'Vivía en Pasto, Nariño.', originalAnswer: 'Vivia en Pasto' })
    expect((await correct(user, '')).json().error.details).toEqual([{ path: 'answer', code: 'chat.answer_required' }])
    expect((await correct(stranger, 'Mío')).statusCode).toBe(404)

    const rename = (who: TestUser, title: string) => as(t.app, who)({ method: 'PATCH', url: `/api/interviews/conversations/${session!.conversation!.id}`, payload: { title } })
    expect((await rename(user, 'Pasto')).json()).toMatchObject({ title: 'Pasto' })
    expect((await rename(stranger, 'Mío')).statusCode).toBe(404)
    // A biography conversation's id is no interview's.
    expect((await as(t.app, user)({ method: 'PATCH', url: `/api/biography/conversations/${session!.conversation!.id}`, payload: { title: 'x' } })).statusCode).toBe(404)
    expect((await sessionsOf(user, memberId))[0]).toMatchObject({ answer: 'Vivía en Pasto, Nariño.', conversation: { title: 'Pasto' } })
  })

  it('deletes the conversation with its last answer, and the member’s count with it', async () => {
    const { user, memberId } = await relative()
    await chat(user, memberId, 'Tenía un perro.')
    const [session] = await sessionsOf(user, memberId)
    expect((await as(t.app, user)({ method: 'DELETE', url: `/api/interviews/${session!.id}` })).statusCode).toBe(204)
    expect(await segmentsOf(user, memberId)).toEqual([])
    const left = await t.db.selectFrom('chatConversation').select('id').where('ownerUserId', '=', user.id).execute()
    expect(left).toEqual([])
  })
})
