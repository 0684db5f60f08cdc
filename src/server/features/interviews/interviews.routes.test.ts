import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interviewChatEvents, type InterviewSession } from '../../../shared/contracts/interviews.ts'
import { mediaIdHeader } from '../../../shared/contracts/media.ts'
import { webmHeader } from '../../test/media-fixtures.ts'
import { readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

/** Every file stored under the app's media folder. */
function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.dataDir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
  } catch {
    return []
  }
}

describe.each(testDatabases)('interview routes in the guided mode on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser
  let grandmaId: string
  let selfId: string

  async function addMember(user: TestUser, payload: Record<string, unknown>): Promise<string> {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member.memberId
  }

  async function chat(user: TestUser, payload: Record<string, unknown>) {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/interviews/chat', payload })
    return { response, events: response.statusCode === 200 ? readServerSentEvents(response.body, interviewChatEvents) : [] }
  }

  async function sessionsOf(user: TestUser, memberId: string): Promise<InterviewSession[]> {
    const response = await as(t.app, user)({ method: 'GET', url: `/api/interviews?memberId=${memberId}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().sessions
  }

  /** Uploads a recording to a session with tus, as the interview page does; the last answer. */
  async function uploadRecording(user: TestUser, sessionId: string) {
    const bytes = webmHeader()
    const tus = tusClient(t.app, user)
    const created = await tus.create(bytes.length, {
      filename: 'respuesta.webm',
      filetype: 'audio/webm;codecs=opus',
      caption: '',
      linkedToType: 'interviewSession',
      linkedToId: sessionId,
    })
    if (created.statusCode !== 201) return created
    return tus.patch(String(created.headers.location), 0, bytes)
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
    selfId = await addMember(owner, { firstName: 'Rosa', lastName: 'Díaz', isSelf: true })
    grandmaId = await addMember(owner, { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true, birthDate: '1921-04-02', deathDate: '2004-09-30' })
  })
  afterAll(() => t.close())

  it('opens with Ana greeting the person and asking her first question about the relative by name, saving nothing', async () => {
    const response = await as(t.app, owner)({ method: 'GET', url: `/api/interviews/chat?memberId=${grandmaId}&language=es` })
    expect(response.statusCode, response.body).toBe(200)
    const opening = response.json<{ mode: string; text: string }>()
    expect(opening.mode).toBe('guided')
    expect(opening.text).toMatch(/Ana/)
    expect(opening.text).toMatch(/Carmen/)
    expect(opening.text).toMatch(/¿[^?]*Carmen[^?]*\?$/)
    expect(await sessionsOf(owner, grandmaId)).toEqual([])
  })

  it('streams Ana’s reply, saves the exchange under the opening’s question as a session of that member, and lists its conversation in the member’s interviewSegments', async () => {
    const opening = (await as(t.app, owner)({ method: 'GET', url: `/api/interviews/chat?memberId=${grandmaId}&language=es` })).json().text as string
    const { response, events } = await chat(owner, { memberId: grandmaId, message: 'Era muy alegre y cantaba boleros.', language: 'es' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    const done = events.at(-1)!
    if (done.event !== 'done' || !done.data.session) throw new Error(`no session saved: ${response.body}`)
    const reply = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('')
    expect(done.data.reply).toBe(reply.trim())
    expect(reply).toMatch(/Carmen/)
    expect(done.data.carry).toBeNull()
    expect(done.data.session).toMatchObject({
      ownerUserId: owner.id,
      interviewedMemberId: grandmaId,
      question: opening.slice(opening.lastIndexOf('¿')),
      answer: 'Era muy alegre y cantaba boleros.',
      originalAnswer: null,
      acknowledgement: done.data.reply,
      conversation: { id: expect.any(String), title: '' },
      mediaAssetIds: [],
    })
    expect(await sessionsOf(owner, grandmaId)).toEqual([done.data.session])
    const tree = (await as(t.app, owner)({ method: 'GET', url: '/api/family-tree' })).json()
    const grandma = tree.members.find((m: { memberId: string }) => m.memberId === grandmaId)
    expect(grandma.interviewSegments).toEqual([done.data.session.conversation!.id])
  })

  it('goes on from the earlier sessions: oldest first, never the same question, in the past tense for someone who has died', async () => {
    const user = await createTestUser(t.app)
    const memberId = await addMember(user, { firstName: 'Luis', lastName: 'Gómez', relationshipToOwner: 'Abuelo', isDeceased: true })
    const questions: string[] = []
    for (const message of ['Trabajaba en el ferrocarril.', 'Silbaba tangos.', 'Hacía un sancocho buenísimo.']) {
      const { events } = await chat(user, { memberId, message })
      const done = events.at(-1)!
      if (done.event !== 'done') throw new Error('no reply')
      questions.push(done.data.reply.slice(done.data.reply.lastIndexOf('¿')))
    }
    expect(new Set(questions).size).toBe(3)
    const sessions = await sessionsOf(user, memberId)
    expect(sessions.map((s) => s.answer)).toEqual(['Trabajaba en el ferrocarril.', 'Silbaba tangos.', 'Hacía un sancocho buenísimo.'])
    expect(sessions.slice(1).map((s) => s.question)).toEqual(questions.slice(0, 2))
    // One sitting: one interview, however many answers it holds.
    expect(new Set(sessions.map((s) => s.conversation?.id)).size).toBe(1)
    const tree = (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
    expect(tree.members.find((m: { memberId: string }) => m.memberId === memberId).interviewSegments).toHaveLength(1)
    // After a reload, Ana opens on the question still waiting for an answer: the last one she asked.
    const reopened = (await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=es` })).json().text
    expect(reopened.endsWith(questions.at(-1)!)).toBe(true)
    // The living and the dead are asked about differently.
    const living = await addMember(user, { firstName: 'Marta', lastName: 'Gómez', relationshipToOwner: 'Tía' })
    const livingOpening = (await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${living}&language=es` })).json().text
    const deadOpening = (await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=es` })).json().text
    expect(livingOpening.replaceAll('Marta', 'X')).not.toBe(deadOpening.replaceAll('Luis', 'X'))
  })

  it('speaks English and French when asked', async () => {
    const en = (await as(t.app, owner)({ method: 'GET', url: `/api/interviews/chat?memberId=${grandmaId}&language=en` })).json().text
    const fr = (await as(t.app, owner)({ method: 'GET', url: `/api/interviews/chat?memberId=${grandmaId}&language=fr` })).json().text
    expect(en).toMatch(/Carmen/)
    expect(en).not.toMatch(/¿/)
    expect(fr).toMatch(/Carmen/)
    expect(fr).not.toMatch(/¿/)
  })

  it('points the self member to the biography instead of interviewing them', async () => {
    for (const response of [
      await as(t.app, owner)({ method: 'GET', url: `/api/interviews/chat?memberId=${selfId}` }),
      (await chat(owner, { memberId: selfId, message: 'Hola' })).response,
    ]) {
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('interview.self_member')
    }
  })

  it('keeps a recording linked to its session and to the member, and deleting the session removes it and its file', async () => {
    const { events } = await chat(owner, { memberId: grandmaId, message: 'Te la grabo con mi voz.' })
    const done = events.at(-1)!
    if (done.event !== 'done' || !done.data.session) throw new Error('no session')
    const sessionId = done.data.session.id
    const before = storedFiles(t).length
    const uploaded = await uploadRecording(owner, sessionId)
    expect(uploaded.statusCode, uploaded.body).toBe(204)
    const mediaId = String(uploaded.headers[mediaIdHeader.toLowerCase()])
    expect(storedFiles(t)).toHaveLength(before + 1)

    const asset = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${mediaId}` })).json()
    expect(asset).toMatchObject({ contentType: 'audio/webm', linkedToType: 'interviewSession', linkedToId: sessionId, linkedToMemberIds: [grandmaId] })
    expect((await sessionsOf(owner, grandmaId)).find((s) => s.id === sessionId)!.mediaAssetIds).toEqual([mediaId])
    const memberMedia = (await as(t.app, owner)({ method: 'GET', url: `/api/media?memberId=${grandmaId}` })).json().media
    expect(memberMedia.map((m: { id: string }) => m.id)).toContain(mediaId)

    const deleted = await as(t.app, owner)({ method: 'DELETE', url: `/api/interviews/${sessionId}` })
    expect(deleted.statusCode).toBe(204)
    expect((await sessionsOf(owner, grandmaId)).map((s) => s.id)).not.toContain(sessionId)
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404)
    expect(storedFiles(t)).toHaveLength(before)
    const tree = (await as(t.app, owner)({ method: 'GET', url: '/api/family-tree' })).json()
    expect(tree.members.find((m: { memberId: string }) => m.memberId === grandmaId).interviewSegments).not.toContain(sessionId)
  })

  it('keeps a recording a memory also holds when its session is deleted: the memory still plays it', async () => {
    const { events } = await chat(owner, { memberId: grandmaId, message: 'Esta grabación también va a mi biografía.' })
    const done = events.at(-1)!
    if (done.event !== 'done' || !done.data.session) throw new Error('no session')
    const sessionId = done.data.session.id
    const uploaded = await uploadRecording(owner, sessionId)
    expect(uploaded.statusCode, uploaded.body).toBe(204)
    const mediaId = String(uploaded.headers[mediaIdHeader.toLowerCase()])
    const memory = await as(t.app, owner)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'La voz de la abuela Carmen.', mediaAssetIds: [mediaId] } })
    expect(memory.statusCode, memory.body).toBe(201)
    const entryId = memory.json().id

    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/interviews/${sessionId}` })).statusCode).toBe(204)

    const entries = (await as(t.app, owner)({ method: 'GET', url: '/api/biography/entries' })).json().entries
    expect(entries.find((entry: { id: string }) => entry.id === entryId).mediaAssetIds).toEqual([mediaId])
    const played = await as(t.app, owner)({ method: 'GET', url: `/api/media/${mediaId}/content` })
    expect(played.statusCode).toBe(200)
    expect(played.headers['content-type']).toMatch(/^audio\/webm/)
    expect(played.rawPayload.equals(webmHeader())).toBe(true)
  })

  it('answers 404 for another user’s member, session or recording target, exactly as for one that does not exist', async () => {
    const { events } = await chat(owner, { memberId: grandmaId, message: 'Solo mío.' })
    const done = events.at(-1)!
    if (done.event !== 'done' || !done.data.session) throw new Error('no session')
    const sessionId = done.data.session.id
    const attempts = [
      (await chat(stranger, { memberId: grandmaId, message: 'Hola' })).response,
      await as(t.app, stranger)({ method: 'GET', url: `/api/interviews?memberId=${grandmaId}` }),
      await as(t.app, stranger)({ method: 'GET', url: `/api/interviews/chat?memberId=${grandmaId}` }),
      await as(t.app, stranger)({ method: 'DELETE', url: `/api/interviews/${sessionId}` }),
      await uploadRecording(stranger, sessionId),
      (await chat(owner, { memberId: 'no-such-member', message: 'Hola' })).response,
      await as(t.app, owner)({ method: 'DELETE', url: '/api/interviews/no-such-session' }),
    ]
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json().error.code).toBe('not_found')
    }
    expect((await sessionsOf(owner, grandmaId)).map((s) => s.id)).toContain(sessionId)
  })

  it('refuses an empty message, a missing member, a bad language and a visitor', async () => {
    const empty = (await chat(owner, { memberId: grandmaId, message: '   ' })).response
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'message', code: 'interview.message_required' }] })
    const noMember = (await chat(owner, { message: 'Hola' })).response
    expect(noMember.json().error.details).toEqual([{ path: 'memberId', code: 'interview.member_required' }])
    const noMemberList = await as(t.app, owner)({ method: 'GET', url: '/api/interviews' })
    expect(noMemberList.json().error.details).toEqual([{ path: 'memberId', code: 'interview.member_required' }])
    const badLanguage = (await chat(owner, { memberId: grandmaId, message: 'Hola', language: 'de' })).response
    expect(badLanguage.json().error.details).toEqual([{ path: 'language', code: 'validation.invalid' }])
    for (const request of [
      { method: 'POST' as const, url: '/api/interviews/chat', payload: { memberId: grandmaId, message: 'hola' } },
      { method: 'GET' as const, url: `/api/interviews?memberId=${grandmaId}` },
      { method: 'DELETE' as const, url: '/api/interviews/x' },
    ]) {
      expect((await t.app.inject(request)).statusCode).toBe(401)
    }
  })

  it('deletes the sessions with the member', async () => {
    const memberId = await addMember(owner, { firstName: 'Pedro', lastName: 'Ruiz', relationshipToOwner: 'Tío' })
    await chat(owner, { memberId, message: 'Tocaba la guitarra.' })
    expect(await sessionsOf(owner, memberId)).toHaveLength(1)
    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/family-tree/members/${memberId}` })).statusCode).toBe(200)
    const rows = await t.db.selectFrom('interviewSession').select('id').where('interviewedMemberId', '=', memberId).execute()
    expect(rows).toEqual([])
  })
})
