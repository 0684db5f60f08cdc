import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interviewChatEvents } from '../../../shared/contracts/interviews.ts'
import { ana } from '../../integrations/ai/personas/ana.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { openAiDelta, startFakeOpenAi } from '../../test/fake-openai.ts'
import { readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

const grandma = {
  firstName: 'Carmen',
  lastName: 'Ruiz',
  relationshipToOwner: 'Abuela materna',
  isDeceased: true,
  birthDate: '1921-04-02',
  deathDate: '2004-09-30',
  bioSummary: 'Costurera en Pasto.\nCantaba boleros mientras cosía.',
}

async function setUp(t: TestApp) {
  const user = await createTestUser(t.app)
  const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: grandma })
  return { user, memberId: response.json().member.memberId as string }
}

async function chat(t: TestApp, user: TestUser, memberId: string, message: string, language = 'es') {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId, message, language } })
  return readServerSentEvents(response.body, interviewChatEvents)
}

describe.each(testDatabases)('Ana against a Gemini fake on %s', (database) => {
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

  it('opens with Ana’s greeting about the relative, filled in, without calling the model', async () => {
    const { user, memberId } = await setUp(t)
    const before = gemini.chatRequests().length
    const opening = (await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=es` })).json()
    expect(opening).toEqual({ mode: 'gemini', text: ana.greeting!.es.replaceAll('{member}', 'Carmen') })
    expect(gemini.chatRequests().length).toBe(before)
  })

  it('sends Ana’s settings, the relative’s facts in her instruction, and the earlier sessions oldest first', async () => {
    const { user, memberId } = await setUp(t)
    gemini.answerWith({ kind: 'stream', pieces: ['¡Boleros! ', '¿Cuál cantaba más?'] })
    await chat(t, user, memberId, 'Cosía vestidos para todo el barrio.')
    gemini.answerWith({ kind: 'stream', pieces: ['Qué bonito. ¿Y sus manos?'] })
    await chat(t, user, memberId, 'Sabor sabor, de Álvaro Dalmar.')
    gemini.answerWith({ kind: 'stream', pieces: ['Gracias.'] })
    await chat(t, user, memberId, 'Tenía las manos pequeñas.')

    const sent = gemini.chatRequests().at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:streamGenerateContent?alt=sse')
    const body = sent.body as { contents: unknown; generationConfig: unknown; safetySettings: unknown; systemInstruction: { parts: { text: string }[] } }
    expect(body.generationConfig).toEqual({ temperature: 0.8, topK: 1, topP: 0.95, maxOutputTokens: 1024 })
    expect(body.safetySettings).toEqual(
      ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT'].map((category) => ({
        category,
        threshold: 'BLOCK_NONE',
      })),
    )
    const instruction = body.systemInstruction.parts[0]!.text
    expect(instruction).not.toMatch(/\{\w+\}/)
    for (const fact of ['Carmen Ruiz', 'Abuela materna', '2 de abril de 1921', '30 de septiembre de 2004', 'Costurera en Pasto. Cantaba boleros mientras cosía.', 'en pasado']) {
      expect(instruction).toContain(fact)
    }
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Cosía vestidos para todo el barrio.' }] },
      { role: 'model', parts: [{ text: '¡Boleros! ¿Cuál cantaba más?' }] },
      { role: 'user', parts: [{ text: 'Sabor sabor, de Álvaro Dalmar.' }] },
      { role: 'model', parts: [{ text: 'Qué bonito. ¿Y sus manos?' }] },
      { role: 'user', parts: [{ text: 'Tenía las manos pequeñas.' }] },
    ])
  })

  it('writes the instruction in the language of the page', async () => {
    const { user, memberId } = await setUp(t)
    gemini.answerWith({ kind: 'stream', pieces: ['How lovely.'] })
    await chat(t, user, memberId, 'She sewed dresses.', 'en')
    const instruction = (gemini.chatRequests().at(-1)!.body as { systemInstruction: { parts: { text: string }[] } }).systemInstruction.parts[0]!.text
    expect(instruction).toMatch(/^You are Ana/)
    expect(instruction).toContain('April 2, 1921')
    expect(instruction).toContain('past tense')
  })

  it('answers for a relative whose dates are approximate, as an import stores them, and tells the model those words in every language', async () => {
    const user = await createTestUser(t.app)
    const created = await as(
      t.app,
      user,
    )({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { ...grandma, birthDate: 'ABT 1920', deathDate: 'AFT 1980', birthPlace: 'Pasto', language: 'es' },
    })
    const memberId = created.json().member.memberId as string
    const expected = {
      es: ['nació hacia 1920 en Pasto', 'falleció después de 1980'],
      en: ['born circa 1920 in Pasto', 'died after 1980'],
      fr: ['né·e vers 1920 à Pasto', 'décédé·e après 1980'],
    }
    for (const [language, facts] of Object.entries(expected)) {
      const opening = await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=${language}` })
      expect(opening.statusCode).toBe(200)
      gemini.answerWith({ kind: 'stream', pieces: ['¿Y su casa?'] })
      const events = await chat(t, user, memberId, 'Cosía.', language)
      expect(events.at(-1)).toMatchObject({ event: 'done' })
      const instruction = (gemini.chatRequests().at(-1)!.body as { systemInstruction: { parts: { text: string }[] } }).systemInstruction.parts[0]!.text
      for (const fact of facts) expect(instruction).toContain(fact)
      expect(instruction).not.toMatch(/Invalid Date|undefined|NaN|ABT|AFT|1 de enero|January 1/)
    }
  })

  it('after earlier sessions, opens with a welcome back and the last question instead of the first greeting', async () => {
    const { user, memberId } = await setUp(t)
    gemini.answerWith({ kind: 'stream', pieces: ['Qué bonito. ', '¿Qué canción cantaba al coser?'] })
    await chat(t, user, memberId, 'Cosía vestidos.')
    const opening = (await as(t.app, user)({ method: 'GET', url: `/api/interviews/chat?memberId=${memberId}&language=es` })).json()
    expect(opening).toEqual({ mode: 'gemini', text: 'Hola de nuevo. Sigamos recordando a Carmen donde lo dejamos. ¿Qué canción cantaba al coser?' })
  })

  it('maps a safety block, a refused key and a failure to the chat’s codes, keeping the answer once without a reply', async () => {
    const { user, memberId } = await setUp(t)
    const cases = [
      [{ kind: 'reply-blocked', reason: 'PROHIBITED_CONTENT' }, 'ai_blocked'],
      [{ kind: 'status', status: 403, body: { error: { code: 403, message: 'Permission denied' } } }, 'ai_invalid_key'],
      [{ kind: 'status', status: 503, body: { error: { code: 503, message: 'Overloaded' } } }, 'upstream_failed'],
    ] as const
    for (const [behaviour, code] of cases) {
      gemini.answerWith(behaviour)
      const events = await chat(t, user, memberId, 'Algo')
      expect(events).toEqual([{ event: 'error', data: { code, message: expect.any(String) } }])
    }
    const sessions = (await as(t.app, user)({ method: 'GET', url: `/api/interviews?memberId=${memberId}` })).json().sessions
    expect(sessions).toMatchObject([{ answer: 'Algo', acknowledgement: null }])
  })
})

describe('Ana against an OpenAI-compatible fake', () => {
  let t: TestApp
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>

  beforeAll(async () => {
    openai = await startFakeOpenAi()
    t = await createTestApp('sqlite', { AI_PROVIDER: 'openai', OPENAI_BASE_URL: openai.baseUrl, AI_MODEL: 'llama3.2' })
  })
  afterAll(async () => {
    await t.close()
    await openai.close()
  })

  it('sends Ana’s instruction with the relative’s facts as the system message, her settings, and the earlier sessions', async () => {
    const { user, memberId } = await setUp(t)
    openai.answerWith({ status: 200, events: [openAiDelta('¿Qué cosía?', 'stop'), '[DONE]'] })
    await chat(t, user, memberId, 'Era costurera.')
    openai.answerWith({ status: 200, events: [openAiDelta('Gracias.', 'stop'), '[DONE]'] })
    const events = await chat(t, user, memberId, 'Vestidos de novia.')
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { reply: 'Gracias.', session: { interviewedMemberId: memberId } } })
    const body = openai.chatRequests().at(-1)!.body as { temperature: number; top_p: number; max_tokens: number; messages: { role: string; content: string }[] }
    expect({ temperature: body.temperature, top_p: body.top_p, max_tokens: body.max_tokens }).toEqual({ temperature: 0.8, top_p: 0.95, max_tokens: 1024 })
    expect(body.messages[0]!.role).toBe('system')
    expect(body.messages[0]!.content).toContain('Carmen Ruiz')
    expect(body.messages[0]!.content).toContain('Abuela materna')
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Era costurera.' },
      { role: 'assistant', content: '¿Qué cosía?' },
      { role: 'user', content: 'Vestidos de novia.' },
    ])
  })
})
