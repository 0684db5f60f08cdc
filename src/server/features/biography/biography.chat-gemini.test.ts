import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cronos } from '../../integrations/ai/personas/cronos.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { addSelf, chat, entriesOf, leaveAfterFirstPiece } from './biography.test-support.ts'

describe.each(testDatabases)('the biography chat against a Gemini fake on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  let writer: TestUser

  beforeAll(async () => {
    gemini = await startFakeGemini()
    t = await createTestApp(database, { ...geminiSettings(gemini), AI_RATE_LIMIT_PER_HOUR: '6' })
    writer = await createTestUser(t.app)
    await addSelf(t, writer)
  })
  afterAll(async () => {
    await t.close()
    await gemini.close()
  })

  it('opens with Cronos’ greeting without calling the model', async () => {
    const before = gemini.chatRequests().length
    const opening = (await as(t.app, writer)({ method: 'GET', url: '/api/biography/chat?language=en' })).json()
    expect(opening).toEqual({ mode: 'gemini', text: cronos.greeting!.en })
    expect(gemini.chatRequests().length).toBe(before)
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
    const sent = gemini.chatRequests().at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:streamGenerateContent?alt=sse')
    expect(sent.headers['x-goog-api-key']).toBe('server-side-key')
    expect(sent.body).toMatchObject({
      contents: [
        { role: 'user', parts: [{ text: 'Nací en Manizales.' }] },
        { role: 'model', parts: [{ text: '¡Manizales! ¿Cómo era tu casa?' }] },
        { role: 'user', parts: [{ text: 'De bahareque, con un patio.' }] },
      ],
      generationConfig: { temperature: 0.75, topK: 1, topP: 0.95, maxOutputTokens: 1024 },
    })
    // Cronos' own instruction, then one gentle sentence on what the person's card does not hold yet.
    const instruction = (sent.body as { systemInstruction: { parts: { text: string }[] } }).systemInstruction.parts[0]!.text
    expect(instruction.startsWith(`${cronos.systemInstruction.es} `)).toBe(true)
    expect(instruction.slice(cronos.systemInstruction.es.length)).toMatch(/^ Aún no se sabe de su vida: el lugar/)
    const entries = await entriesOf(t, writer)
    expect(entries.map((e) => e.acknowledgement)).toEqual(['Qué bonito.', '¡Manizales! ¿Cómo era tu casa?'])
    // Each answer under the question it answered: the greeting's, then the one Cronos asked.
    expect(entries.map((e) => [e.question, e.answer])).toEqual([
      ['¿Cómo era tu casa?', 'De bahareque, con un patio.'],
      ['¿Por dónde te gustaría empezar?', 'Nací en Manizales.'],
    ])
  })

  it('turns a safety block, a refused key and a failure into their codes, never the provider’s words, and keeps the answer once, without a reply', async () => {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    const cases = [
      [{ kind: 'prompt-blocked' }, 'ai_blocked'],
      [
        { kind: 'status', status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', details: [{ reason: 'API_KEY_INVALID' }] } } },
        'ai_invalid_key',
      ],
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
    // The words were kept before the model was asked; sending them again answers the same memory.
    expect((await entriesOf(t, user)).map((e) => [e.answer, e.acknowledgement])).toEqual([['Algo', null]])
    gemini.answerWith({ kind: 'stream', pieces: ['Por fin.'] })
    const retried = await chat(t, user, 'Algo')
    expect(retried.events.at(-1)).toMatchObject({ event: 'done', data: { reply: 'Por fin.', carry: null, entry: { answer: 'Algo', acknowledgement: 'Por fin.' } } })
    expect(gemini.chatRequests().at(-1)!.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Algo' }] }] })
    expect((await entriesOf(t, user)).map((e) => [e.answer, e.acknowledgement])).toEqual([['Algo', 'Por fin.']])
  })

  it('saves a reply cut at the token limit only as its whole sentences, and not at all when none is whole', async () => {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    gemini.answerWith({ kind: 'stream', pieces: ['Qué recuerdo tan bonito. ', '¿Quién más vivía en la casa de'], finishReason: 'MAX_TOKENS' })
    const cut = await chat(t, user, 'La casa de mi abuela.')
    const done = cut.events.at(-1)!
    expect(done).toMatchObject({ event: 'done', data: { reply: 'Qué recuerdo tan bonito.', carry: null } })
    expect((await entriesOf(t, user)).map((e) => e.acknowledgement)).toEqual(['Qué recuerdo tan bonito.'])

    gemini.answerWith({ kind: 'stream', pieces: ['Qué recuerdo tan'], finishReason: 'MAX_TOKENS' })
    const nothingWhole = await chat(t, user, 'Otra cosa.')
    expect(nothingWhole.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'upstream_failed' } })
    expect((await entriesOf(t, user)).map((e) => [e.answer, e.acknowledgement])).toEqual([
      ['Otra cosa.', null],
      ['La casa de mi abuela.', 'Qué recuerdo tan bonito.'],
    ])
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
    // The reply goes on with nobody listening; the server keeps running, so no drain says when it
    // is saved: the saved entry itself does.
    await expect.poll(async () => (await entriesOf(t, user)).map((e) => e.acknowledgement), { timeout: 5_000 }).toEqual(['Uno. Dos. Tres. ¿Y después?'])
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
