import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BiographyEntry, ChatStreamEvent } from '../../../shared/contracts/biography.ts'
import { cronos } from '../../integrations/ai/personas/cronos.ts'
import { startFakeGemini } from '../../test/fake-gemini.ts'
import { readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

async function addSelf(t: TestApp, user: TestUser): Promise<string> {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().member.memberId
}

async function chat(t: TestApp, user: TestUser, message: string, language = 'es') {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/biography/chat', payload: { message, language } })
  return { response, events: response.statusCode === 200 ? readServerSentEvents(response.body) : [] }
}

const replyOf = (events: ChatStreamEvent[]) => events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('')
const last = (events: ChatStreamEvent[]) => events.at(-1)!

async function entriesOf(t: TestApp, user: TestUser): Promise<BiographyEntry[]> {
  const response = await as(t.app, user)({ method: 'GET', url: '/api/biography/entries' })
  expect(response.statusCode).toBe(200)
  return response.json().entries
}

describe.each(testDatabases)('biography routes in the guided mode on %s', (database) => {
  let t: TestApp
  let writer: TestUser
  let stranger: TestUser
  let selfId: string

  beforeAll(async () => {
    t = await createTestApp(database)
    writer = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
    selfId = await addSelf(t, writer)
  })
  afterAll(() => t.close())

  it('opens with Cronos’ greeting and a first question, saving nothing', async () => {
    const response = await as(t.app, writer)({ method: 'GET', url: '/api/biography/chat?language=es' })
    expect(response.statusCode).toBe(200)
    const opening = response.json<{ mode: string; text: string }>()
    expect(opening.mode).toBe('guided')
    expect(opening.text).toMatch(/Cronos/)
    expect(opening.text).toMatch(/¿[^?]+\?$/)
    expect(await entriesOf(t, writer)).toEqual([])
  })

  it('streams the reply and saves the exchange itself, about the self member', async () => {
    const { response, events } = await chat(t, writer, '  Nací en Manizales, en una casa de bahareque.  ')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0)
    const done = last(events)
    expect(done.event).toBe('done')
    if (done.event !== 'done') return
    expect(done.data.notSavedReason).toBeNull()
    const reply = replyOf(events)
    expect(reply).toMatch(/\?$/)
    expect(done.data.entry).toMatchObject({
      authorUserId: writer.id,
      subjectMemberId: selfId,
      title: '',
      eventDate: null,
      mediaAssetIds: [],
      conversationPair: [
        { role: 'user', parts: [{ text: 'Nací en Manizales, en una casa de bahareque.' }] },
        { role: 'model', parts: [{ text: reply }] },
      ],
    })
    expect(await entriesOf(t, writer)).toEqual([done.data.entry])
  })

  it('asks a new question each time and, after a reload, opens on the question still waiting', async () => {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    const first = (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=es' })).json<{ text: string }>().text
    const replies: string[] = []
    for (const answer of ['En Cali.', 'Mi abuela Tulia.', 'Había un patio con un limonero.']) replies.push(replyOf((await chat(t, user, answer)).events))
    const questions = [first, ...replies].map((text) => text.slice(text.lastIndexOf('¿')))
    expect(new Set(questions).size).toBe(4)
    const reopened = (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=es' })).json<{ text: string }>().text
    expect(reopened.endsWith(questions.at(-1)!)).toBe(true)
  })

  it('answers in the language asked for', async () => {
    const user = await createTestUser(t.app)
    const opening = (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=fr' })).json<{ text: string }>().text
    expect(opening).toMatch(/\?$/)
    expect(opening).not.toMatch(/¿/)
    expect(replyOf((await chat(t, user, 'À Lyon.', 'en')).events)).not.toMatch(/¿/)
  })

  it('chats without a self member but saves nothing, saying why', async () => {
    const user = await createTestUser(t.app)
    const { events } = await chat(t, user, 'Me llamo Ana.')
    expect(last(events)).toEqual({ event: 'done', data: { entry: null, notSavedReason: 'biography.no_self_member' } })
    expect(await entriesOf(t, user)).toEqual([])
  })

  it('refuses an empty message, a bad language and a visitor', async () => {
    for (const payload of [{ message: '   ' }, {}]) {
      const response = await as(t.app, writer)({ method: 'POST', url: '/api/biography/chat', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.details).toEqual([{ path: 'message', code: 'biography.message_required' }])
    }
    const badLanguage = await as(t.app, writer)({ method: 'POST', url: '/api/biography/chat', payload: { message: 'hola', language: 'de' } })
    expect(badLanguage.json().error.details).toEqual([{ path: 'language', code: 'validation.invalid' }])
    for (const request of [
      { method: 'POST' as const, url: '/api/biography/chat', payload: { message: 'hola' } },
      { method: 'GET' as const, url: '/api/biography/entries' },
      { method: 'GET' as const, url: '/api/biography/chat' },
    ]) {
      expect((await t.app.inject(request)).statusCode).toBe(401)
    }
  })

  it('keeps a memory written by hand, and refuses one without content or without a self member', async () => {
    const created = await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: ' El día que llegó la luz al pueblo. ', title: ' La luz ', eventDate: '1961-08-07' } })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ title: 'La luz', eventDate: '1961-08-07', subjectMemberId: selfId, conversationPair: [{ role: 'user', parts: [{ text: 'El día que llegó la luz al pueblo.' }] }] })
    expect((await entriesOf(t, writer))[0]!.id).toBe(created.json().id)

    const empty = await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: ' ' } })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.details).toEqual([{ path: 'content', code: 'biography.content_required' }])
    const future = await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'x', eventDate: '2999-01-01' } })
    expect(future.json().error.details).toEqual([{ path: 'eventDate', code: 'validation.date_in_future' }])

    const noSelf = await as(t.app, stranger)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Un recuerdo' } })
    expect(noSelf.statusCode).toBe(409)
    expect(noSelf.json().error.code).toBe('biography.no_self_member')
  })

  it('changes title and event date, attaches, lists and detaches media, for the author only', async () => {
    const entry = (await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'La finca de Chinchiná' } })).json<BiographyEntry>()
    const tus = tusClient(t.app, writer)
    const bytes = Buffer.from('Carta de la abuela, 1950.')
    const created = await tus.create(bytes.length, { filename: 'carta.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    expect(created.statusCode, created.body).toBe(201)
    const finished = await tus.patch(String(created.headers.location), 0, bytes)
    expect(finished.statusCode, finished.body).toBe(204)
    const mediaId = String(finished.headers['legado-media-id'])

    const withMedia = (await entriesOf(t, writer)).find((e) => e.id === entry.id)!
    expect(withMedia.mediaAssetIds).toEqual([mediaId])
    const listed = await as(t.app, writer)({ method: 'GET', url: `/api/media?entryId=${entry.id}` })
    expect(listed.json().media.map((m: { id: string; linkedToType: string }) => [m.id, m.linkedToType])).toEqual([[mediaId, 'biographyEntry']])

    const patched = await as(t.app, writer)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { title: 'La finca', eventDate: '1955-03-01', mediaAssetIds: [] } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json()).toMatchObject({ title: 'La finca', eventDate: '1955-03-01', mediaAssetIds: [] })
    expect((await as(t.app, writer)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(200)
    const relinked = await as(t.app, writer)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { mediaAssetIds: [mediaId] } })
    expect(relinked.json().mediaAssetIds).toEqual([mediaId])
    const cleared = await as(t.app, writer)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { eventDate: '' } })
    expect(cleared.json()).toMatchObject({ eventDate: null, title: 'La finca' })

    // Another user's memory does not exist for a stranger, and another user's file cannot be attached.
    expect((await as(t.app, stranger)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { title: 'mío' } })).statusCode).toBe(404)
    expect((await as(t.app, stranger)({ method: 'GET', url: `/api/media?entryId=${entry.id}` })).json().media).toEqual([])
    const foreignUpload = await tusClient(t.app, stranger).create(4, { filename: 'x.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    expect(foreignUpload.statusCode).toBe(404)
    await addSelf(t, stranger)
    const strangers = (await as(t.app, stranger)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Otro' } })).json<BiographyEntry>()
    const stealing = await as(t.app, stranger)({ method: 'PATCH', url: `/api/biography/entries/${strangers.id}`, payload: { mediaAssetIds: [mediaId] } })
    expect(stealing.statusCode).toBe(404)
    expect((await as(t.app, writer)({ method: 'GET', url: `/api/biography/entries` })).json().entries.find((e: BiographyEntry) => e.id === entry.id).mediaAssetIds).toEqual([mediaId])
  })

  it('deletes a memory with its files, for its author only', async () => {
    const entry = (await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Un recuerdo que ya no quiero' } })).json<BiographyEntry>()
    const tus = tusClient(t.app, writer)
    const bytes = Buffer.from('Una nota.')
    const created = await tus.create(bytes.length, { filename: 'nota.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    const mediaId = String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])

    expect((await as(t.app, stranger)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(404)
    expect((await entriesOf(t, writer)).some((e) => e.id === entry.id)).toBe(true)

    expect((await as(t.app, writer)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(204)
    expect((await entriesOf(t, writer)).some((e) => e.id === entry.id)).toBe(false)
    expect((await as(t.app, writer)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404)
    expect((await as(t.app, writer)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(404)
  })

  it('keeps the memories when the self member is deleted', async () => {
    const user = await createTestUser(t.app)
    const self = await addSelf(t, user)
    await chat(t, user, 'Mi primer trabajo fue en una panadería.')
    expect((await as(t.app, user)({ method: 'DELETE', url: `/api/family-tree/members/${self}` })).statusCode).toBe(204)
    const entries = await entriesOf(t, user)
    expect(entries).toHaveLength(1)
    expect(entries[0]!.subjectMemberId).toBeNull()
  })
})

describe.each(testDatabases)('the biography chat against a Gemini fake on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  let writer: TestUser

  beforeAll(async () => {
    gemini = await startFakeGemini()
    t = await createTestApp(database, { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'server-side-key', GEMINI_BASE_URL: gemini.baseUrl, AI_MODEL: 'gemini-1.5-flash-latest', AI_RATE_LIMIT_PER_HOUR: '6' })
    writer = await createTestUser(t.app)
    await addSelf(t, writer)
  })
  afterAll(async () => {
    await t.close()
    await gemini.close()
  })

  it('opens with Cronos’ greeting without calling the model', async () => {
    const before = gemini.requests.length
    const opening = (await as(t.app, writer)({ method: 'GET', url: '/api/biography/chat?language=en' })).json()
    expect(opening).toEqual({ mode: 'gemini', text: cronos.greeting!.en })
    expect(gemini.requests.length).toBe(before)
  })

  it('streams the model’s reply piece by piece, with earlier exchanges as context, and saves it', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['¡Manizales! ', '¿Cómo era tu casa?'] })
    const first = await chat(t, writer, 'Nací en Manizales.')
    expect(first.events.slice(0, 2)).toEqual([
      { event: 'delta', data: { text: '¡Manizales! ' } },
      { event: 'delta', data: { text: '¿Cómo era tu casa?' } },
    ])
    gemini.answerWith({ kind: 'stream', pieces: ['Qué bonito.'] })
    await chat(t, writer, 'De bahareque, con un patio.')
    const sent = gemini.requests.at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:streamGenerateContent?alt=sse')
    expect(sent.headers['x-goog-api-key']).toBe('server-side-key')
    expect(sent.body).toMatchObject({
      contents: [
        { role: 'user', parts: [{ text: 'Nací en Manizales.' }] },
        { role: 'model', parts: [{ text: '¡Manizales! ¿Cómo era tu casa?' }] },
        { role: 'user', parts: [{ text: 'De bahareque, con un patio.' }] },
      ],
      generationConfig: { temperature: 0.75, topK: 1, topP: 0.95, maxOutputTokens: 1024 },
      systemInstruction: { parts: [{ text: cronos.systemInstruction.es }] },
    })
    expect((await entriesOf(t, writer)).map((e) => e.conversationPair[1]!.parts[0]!.text)).toEqual(['Qué bonito.', '¡Manizales! ¿Cómo era tu casa?'])
  })

  it('turns a safety block, a refused key and a failure into their codes, never the provider’s words, and saves nothing', async () => {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    const cases = [
      [{ kind: 'prompt-blocked' }, 'ai_blocked'],
      [{ kind: 'status', status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', details: [{ reason: 'API_KEY_INVALID' }] } } }, 'ai_invalid_key'],
      [{ kind: 'status', status: 500, body: { error: { code: 500, message: 'Internal error encountered.' } } }, 'upstream_failed'],
    ] as const
    for (const [behaviour, code] of cases) {
      gemini.answerWith(behaviour)
      const { response, events } = await chat(t, user, 'Algo')
      expect(response.statusCode).toBe(200)
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({ event: 'error', data: { code } })
      expect(response.body).not.toMatch(/API key not valid|Internal error encountered/)
    }
    expect(await entriesOf(t, user)).toEqual([])
  })

  it('limits AI replies per user with 429, leaving others free', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['Sí.'] })
    const busy = await createTestUser(t.app)
    const statuses: number[] = []
    for (let i = 0; i < 7; i += 1) statuses.push((await chat(t, busy, `Mensaje ${i}`)).response.statusCode)
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200])
    const refused = await as(t.app, busy)({ method: 'POST', url: '/api/biography/chat', payload: { message: 'otro' } })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const other = await createTestUser(t.app)
    expect((await chat(t, other, 'Hola')).response.statusCode).toBe(200)
  })

  it('finishes and saves the reply when the browser leaves in the middle of it', async () => {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    gemini.answerWith({ kind: 'stream', pieces: ['Uno. ', 'Dos. ', 'Tres. ', '¿Y después?'], delayMs: 150 })
    await leaveAfterFirstPiece(address, user, 'Me voy a cerrar la pestaña.')
    let saved: BiographyEntry[] = []
    for (let attempt = 0; attempt < 50 && saved.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      saved = await entriesOf(t, user)
    }
    expect(saved.map((e) => e.conversationPair[1]!.parts[0]!.text)).toEqual(['Uno. Dos. Tres. ¿Y después?'])
  })

  it('saves a reply under way before the server shuts down', async () => {
    const stopping = await createTestApp(database, t.env)
    const user = await createTestUser(stopping.app)
    await addSelf(stopping, user)
    const address = await stopping.app.listen({ port: 0, host: '127.0.0.1' })
    gemini.answerWith({ kind: 'stream', pieces: ['Antes ', 'de ', 'apagar.'], delayMs: 150 })
    await leaveAfterFirstPiece(address, user, 'Un último recuerdo.')
    await stopping.app.close()
    const rows = await stopping.db.selectFrom('biographyEntry').select('conversationPair').where('authorUserId', '=', user.id).execute()
    expect(rows.map((row) => JSON.parse(row.conversationPair)[1].parts[0].text)).toEqual(['Antes de apagar.'])
    await stopping.close()
  })
})

/** Opens a chat over a real socket and closes it after the first piece of the reply, as a closing tab does. */
function leaveAfterFirstPiece(address: string, user: TestUser, message: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const body = JSON.stringify({ message })
    const request = httpRequest(`${address}/api/biography/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: user.cookie, origin: address },
    })
    request.on('response', (response) => {
      let seen = ''
      response.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        if (seen.includes('event: delta')) {
          request.destroy()
          resolve()
        }
      })
    })
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)))
    request.end(body)
  })
}
