import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dreamReadingEvents, variationEvents } from '../../../shared/contracts/ai-lab.ts'
import { dreamReader } from '../../integrations/ai/personas/dream-reader.ts'
import { storyteller } from '../../integrations/ai/personas/storyteller.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { openAiDelta, startFakeOpenAi } from '../../test/fake-openai.ts'
import { leaveStreamAfterFirstPiece, readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

const categories = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT']

interface GeminiBody {
  contents: unknown
  generationConfig: unknown
  safetySettings?: unknown
  systemInstruction: { parts: { text: string }[] }
}

async function variation(t: TestApp, user: TestUser, text: string, language = 'es') {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text, language } })
  expect(response.statusCode, response.body).toBe(200)
  return readServerSentEvents(response.body, variationEvents)
}

async function writeDream(t: TestApp, user: TestUser, payload: Record<string, unknown>): Promise<string> {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/dreams', payload })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

async function readDream(t: TestApp, user: TestUser, dreamId: string, language = 'es') {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/ai-lab/dream-readings', payload: { dreamId, language } })
  expect(response.statusCode, response.body).toBe(200)
  return readServerSentEvents(response.body, dreamReadingEvents)
}

const readingsOf = async (t: TestApp, user: TestUser, dreamId: string) =>
  (await as(t.app, user)({ method: 'GET', url: `/api/ai-lab/dream-readings?dreamId=${dreamId}` })).json().readings

describe.each(testDatabases)('the AI lab against a Gemini fake on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>

  beforeAll(async () => {
    gemini = await startFakeGemini()
    t = await createTestApp(database, geminiSettings(gemini))
  })
  afterAll(async () => {
    await t.close()
    await gemini.close()
  })

  it('says a model answers, so the lab can make variations and readings', async () => {
    const user = await createTestUser(t.app)
    expect((await as(t.app, user)({ method: 'GET', url: '/api/ai-lab/status' })).json()).toEqual({ mode: 'gemini', canGenerate: true })
  })

  it('streams the storyteller’s variation with its settings (0.85, 800 tokens) and saves nothing', async () => {
    const user = await createTestUser(t.app)
    gemini.answerWith({ kind: 'stream', pieces: ['La casa de la abuela ', 'flotaba sobre Pasto.'] })
    const events = await variation(t, user, 'La casa de mi abuela en Pasto.')

    expect(events).toEqual([
      { event: 'delta', data: { text: 'La casa de la abuela ' } },
      { event: 'delta', data: { text: 'flotaba sobre Pasto.' } },
      { event: 'done', data: { reply: 'La casa de la abuela flotaba sobre Pasto.', carry: null } },
    ])
    const sent = gemini.requests.at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:streamGenerateContent?alt=sse')
    expect(sent.headers['x-goog-api-key']).toBe('server-side-key')
    const body = sent.body as GeminiBody
    expect(body.generationConfig).toEqual({ temperature: 0.85, maxOutputTokens: 800 })
    expect(body.systemInstruction.parts[0]!.text).toBe(storyteller.systemInstruction.es)
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'La casa de mi abuela en Pasto.' }] }])
    expect((await as(t.app, user)({ method: 'GET', url: '/api/ai-lab/memories' })).json()).toEqual({ memories: [] })
  })

  it('retells in the language of the page', async () => {
    const user = await createTestUser(t.app)
    gemini.answerWith({ kind: 'stream', pieces: ['Il était une fois.'] })
    await variation(t, user, 'Ma grand-mère cousait.', 'fr')
    expect((gemini.requests.at(-1)!.body as GeminiBody).systemInstruction.parts[0]!.text).toBe(storyteller.systemInstruction.fr)
  })

  it('keeps only the whole sentences of a variation cut at its 800 tokens', async () => {
    const user = await createTestUser(t.app)
    gemini.answerWith({ kind: 'stream', pieces: ['El río cantaba. ', 'Y la abuela'], finishReason: 'MAX_TOKENS' })
    expect((await variation(t, user, 'El río.')).at(-1)).toEqual({ event: 'done', data: { reply: 'El río cantaba.', carry: null } })
  })

  it('maps a safety block, a refused key and a failure to the codes the page words (“No se pudo generar la variación”)', async () => {
    const user = await createTestUser(t.app)
    const cases = [
      [{ kind: 'prompt-blocked', reason: 'OTHER' }, 'ai_blocked'],
      [
        { kind: 'status', status: 400, body: { error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } } },
        'ai_invalid_key',
      ],
      [{ kind: 'status', status: 500, body: { error: { code: 500, message: 'Internal' } } }, 'upstream_failed'],
    ] as const
    for (const [behaviour, code] of cases) {
      gemini.answerWith(behaviour)
      expect(await variation(t, user, 'Algo')).toEqual([{ event: 'error', data: { code, message: expect.any(String) } }])
    }
  })

  it('reads a dream with the reader’s settings and instruction, keeps the reading with the dream, newest first', async () => {
    const user = await createTestUser(t.app)
    const dreamId = await writeDream(t, user, { title: 'La escalera', content: 'Subía una escalera de agua hacia la casa de mi madre.', dreamDate: '2026-11-20' })
    gemini.answerWith({ kind: 'stream', pieces: ['El agua suele hablar de emociones. ', '¿Qué sentías al subir?'] })
    const events = await readDream(t, user, dreamId)
    const done = events.at(-1)!
    if (done.event !== 'done' || !done.data.reading) throw new Error(`no reading saved: ${JSON.stringify(events)}`)
    expect(done.data).toMatchObject({ reply: 'El agua suele hablar de emociones. ¿Qué sentías al subir?', carry: null, notSavedReason: null })
    expect(done.data.reading).toMatchObject({ dreamId, text: done.data.reply, language: 'es' })

    const body = gemini.requests.at(-1)!.body as GeminiBody
    expect(body.generationConfig).toEqual({ temperature: 0.7, topP: 0.95, maxOutputTokens: 1024 })
    expect(body.safetySettings).toEqual(categories.map((category) => ({ category, threshold: 'BLOCK_ONLY_HIGH' })))
    expect(body.systemInstruction.parts[0]!.text).toBe(dreamReader.systemInstruction.es)
    expect(body.systemInstruction.parts[0]!.text).toMatch(/nunca des un diagnóstico/i)
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Título: La escalera\nNoche del sueño: 2026-11-20\nEl sueño:\nSubía una escalera de agua hacia la casa de mi madre.' }] },
    ])

    gemini.answerWith({ kind: 'stream', pieces: ['Une autre lecture.'] })
    await readDream(t, user, dreamId, 'fr')
    expect((gemini.requests.at(-1)!.body as GeminiBody).systemInstruction.parts[0]!.text).toBe(dreamReader.systemInstruction.fr)
    const readings = await readingsOf(t, user, dreamId)
    expect(readings.map((reading: { text: string; language: string }) => [reading.language, reading.text])).toEqual([
      ['fr', 'Une autre lecture.'],
      ['es', done.data.reply],
    ])

    // Another user sees neither the dream nor its readings.
    const stranger = await createTestUser(t.app)
    expect((await as(t.app, stranger)({ method: 'GET', url: `/api/ai-lab/dream-readings?dreamId=${dreamId}` })).statusCode).toBe(404)
    // The readings go with their dream.
    expect((await as(t.app, user)({ method: 'DELETE', url: `/api/dreams/${dreamId}` })).statusCode).toBe(204)
    expect(await t.db.selectFrom('dreamReading').select('id').where('dreamId', '=', dreamId).execute()).toEqual([])
  })

  it('stops the model when the person stops a variation or leaves, but finishes and keeps a reading', async () => {
    const user = await createTestUser(t.app)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const before = gemini.abandoned()
    gemini.answerWith({ kind: 'stream', pieces: ['Había ', 'una ', 'vez ', 'un río.'], delayMs: 150 })
    await leaveStreamAfterFirstPiece(address, user, '/api/ai-lab/variations', { text: 'El río de mi infancia.' })
    await expect.poll(() => gemini.abandoned(), { timeout: 3000 }).toBe(before + 1)

    const dreamId = await writeDream(t, user, { content: 'Un jardín de relojes.' })
    await leaveStreamAfterFirstPiece(address, user, '/api/ai-lab/dream-readings', { dreamId })
    await expect.poll(async () => (await readingsOf(t, user, dreamId)).map((reading: { text: string }) => reading.text), { timeout: 5000 }).toEqual(['Había una vez un río.'])
    expect(gemini.abandoned()).toBe(before + 1)
  })

  it('keeps no reading when the reply fails', async () => {
    const user = await createTestUser(t.app)
    const dreamId = await writeDream(t, user, { content: 'Un tren sin vías.' })
    gemini.answerWith({ kind: 'reply-blocked', reason: 'SAFETY' })
    expect(await readDream(t, user, dreamId)).toEqual([{ event: 'error', data: { code: 'ai_blocked', message: expect.any(String) } }])
    expect(await readingsOf(t, user, dreamId)).toEqual([])
  })
})

describe('the AI lab against an OpenAI-compatible fake', () => {
  let t: TestApp
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>

  beforeAll(async () => {
    openai = await startFakeOpenAi()
    t = await createTestApp('sqlite', { AI_PROVIDER: 'openai', OPENAI_BASE_URL: openai.baseUrl, AI_MODEL: 'llama3.2', AI_RATE_LIMIT_PER_HOUR: '3' })
  })
  afterAll(async () => {
    await t.close()
    await openai.close()
  })

  it('sends the storyteller as the system message with 0.85 and 800 tokens, and the dream reader with 0.7, 0.95 and 1024', async () => {
    const user = await createTestUser(t.app)
    openai.answerWith({ status: 200, events: [openAiDelta('Había una vez un río.', 'stop'), '[DONE]'] })
    expect((await variation(t, user, 'El río de mi infancia.', 'en')).at(-1)).toEqual({ event: 'done', data: { reply: 'Había una vez un río.', carry: null } })
    const told = openai.requests.at(-1)!.body as { temperature: number; max_tokens: number; messages: unknown }
    expect({ temperature: told.temperature, max_tokens: told.max_tokens }).toEqual({ temperature: 0.85, max_tokens: 800 })
    expect(told.messages).toEqual([
      { role: 'system', content: storyteller.systemInstruction.en },
      { role: 'user', content: 'El río de mi infancia.' },
    ])

    const dreamId = await writeDream(t, user, { content: 'A house with no doors.' })
    openai.answerWith({ status: 200, events: [openAiDelta('A house may stand for the self.', 'stop'), '[DONE]'] })
    await readDream(t, user, dreamId, 'en')
    const read = openai.requests.at(-1)!.body as { temperature: number; top_p: number; max_tokens: number; messages: { role: string; content: string }[] }
    expect({ temperature: read.temperature, top_p: read.top_p, max_tokens: read.max_tokens }).toEqual({ temperature: 0.7, top_p: 0.95, max_tokens: 1024 })
    expect(read.messages).toEqual([
      { role: 'system', content: dreamReader.systemInstruction.en },
      { role: 'user', content: 'The dream:\nA house with no doors.' },
    ])
  })

  it('counts variations and readings against the person’s AI limit', async () => {
    const user = await createTestUser(t.app)
    openai.answerWith({ status: 200, events: [openAiDelta('Una vez.', 'stop'), '[DONE]'] })
    for (let i = 0; i < 3; i += 1) await variation(t, user, 'Un recuerdo.')
    const refused = await as(t.app, user)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: 'Otro recuerdo.' } })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('rate_limited')
    expect(refused.headers['retry-after']).toBeDefined()
  })
})
