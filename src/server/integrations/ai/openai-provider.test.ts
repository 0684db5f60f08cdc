import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAiDelta, startFakeOpenAi } from '../../test/fake-openai.ts'
import type { ChatRequest } from './ai-provider.ts'
import { createOpenAiProvider } from './openai-provider.ts'
import { cronos } from './personas/cronos.ts'

describe('the OpenAI-compatible provider', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>
  let baseUrl = ''
  beforeAll(async () => {
    fake = await startFakeOpenAi()
    baseUrl = fake.baseUrl
  })
  afterAll(() => fake.close())
  const delta = openAiDelta

  const request: ChatRequest = {
    persona: cronos,
    language: 'fr',
    turns: [
      { role: 'model', text: 'Où es-tu né ?' },
      { role: 'user', text: 'À Lyon.' },
    ],
  }
  const collect = async (apiKey?: string) => {
    const pieces: string[] = []
    for await (const piece of createOpenAiProvider({ baseUrl, apiKey, model: 'llama3' }).streamReply(request)) pieces.push(piece.type === 'text' ? piece.text : '[cut]')
    return pieces
  }

  it('sends the persona as a system message with its settings, and streams the deltas', async () => {
    fake.answerWith({ status: 200, events: [delta('Lyon ! '), delta('Quelle belle ville. '), delta('Quel quartier ?', 'stop'), '[DONE]'] })
    expect(await collect('sk-test')).toEqual(['Lyon ! ', 'Quelle belle ville. ', 'Quel quartier ?'])
    const sent = fake.requests.at(-1)!
    expect(sent.headers.authorization).toBe('Bearer sk-test')
    expect(sent.body).toEqual({
      model: 'llama3',
      stream: true,
      temperature: 0.75,
      top_p: 0.95,
      max_tokens: 1024,
      messages: [
        { role: 'system', content: cronos.systemInstruction.fr },
        { role: 'assistant', content: 'Où es-tu né ?' },
        { role: 'user', content: 'À Lyon.' },
      ],
    })
  })

  it('answers without streaming too', async () => {
    fake.answerWith({ status: 200, events: [delta('Lyon, '), delta('quelle ville !', 'stop')] })
    expect(await createOpenAiProvider({ baseUrl, model: 'llama3' }).completeReply(request)).toBe('Lyon, quelle ville !')
    expect(fake.requests.at(-1)!.body).toMatchObject({ stream: false, model: 'llama3', max_tokens: 1024 })
    fake.answerWith({ status: 200, events: [delta('', 'content_filter')] })
    await expect(createOpenAiProvider({ baseUrl, model: 'llama3' }).completeReply(request)).rejects.toMatchObject({ code: 'ai_blocked' })
  })

  it('says when the server stopped at max_tokens, and keeps only whole sentences when read at once', async () => {
    fake.answerWith({ status: 200, events: [delta('Lyon ! '), delta('Quelle belle ville. Et votre'), delta('', 'length'), '[DONE]'] })
    expect(await collect()).toEqual(['Lyon ! ', 'Quelle belle ville. Et votre', '[cut]'])
    fake.answerWith({ status: 200, events: [delta('Lyon ! Quelle belle ville. Et votre', 'length')] })
    expect(await createOpenAiProvider({ baseUrl, model: 'llama3' }).completeReply(request)).toBe('Lyon ! Quelle belle ville.')
  })

  it('works without a key, as local servers do', async () => {
    fake.answerWith({ status: 200, events: [delta('Bonjour'), '[DONE]'] })
    expect(await collect()).toEqual(['Bonjour'])
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined()
  })

  it('maps a refused key, a content filter and a server error to the spec’s codes', async () => {
    fake.answerWith({ status: 401 })
    await expect(collect('bad')).rejects.toMatchObject({ code: 'ai_invalid_key' })
    fake.answerWith({ status: 200, events: [delta('', 'content_filter')] })
    await expect(collect('k')).rejects.toMatchObject({ code: 'ai_blocked' })
    fake.answerWith({ status: 500 })
    await expect(collect('k')).rejects.toMatchObject({ code: 'upstream_failed' })
  })

  const jsonRequest = {
    instruction: 'List the names.',
    text: 'Ana et Jorge.',
    schema: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } }, required: ['names'], additionalProperties: false },
    maxOutputTokens: 512,
  }

  it('answers in JSON at temperature 0 through a strict json_schema', async () => {
    fake.answerJsonWith({ status: 200, json: { names: ['Ana', 'Jorge'] } })
    expect(await createOpenAiProvider({ baseUrl, apiKey: 'sk-test', model: 'llama3' }).completeJson(jsonRequest)).toEqual({ names: ['Ana', 'Jorge'] })
    expect(fake.requests.at(-1)!.body).toEqual({
      model: 'llama3',
      stream: false,
      temperature: 0,
      max_tokens: 512,
      messages: [
        { role: 'system', content: 'List the names.' },
        { role: 'user', content: 'Ana et Jorge.' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema: jsonRequest.schema } },
    })
  })

  it('maps a JSON answer refused, filtered, cut or from a refused key to the spec’s codes', async () => {
    const provider = createOpenAiProvider({ baseUrl, model: 'llama3' })
    fake.answerJsonWith({ status: 200, refusal: 'I cannot help with that.' })
    await expect(provider.completeJson(jsonRequest)).rejects.toMatchObject({ code: 'ai_blocked' })
    fake.answerJsonWith({ status: 200, json: {}, finishReason: 'content_filter' })
    await expect(provider.completeJson(jsonRequest)).rejects.toMatchObject({ code: 'ai_blocked' })
    fake.answerJsonWith({ status: 200, json: { names: ['Ana'] }, finishReason: 'length' })
    await expect(provider.completeJson(jsonRequest)).rejects.toMatchObject({ code: 'upstream_failed' })
    fake.answerJsonWith({ status: 401 })
    await expect(provider.completeJson(jsonRequest)).rejects.toMatchObject({ code: 'ai_invalid_key' })
  })
})
