import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGemini } from '../../test/fake-gemini.ts'
import { AiError, type ChatRequest } from './ai-provider.ts'
import { createGeminiProvider } from './gemini-provider.ts'
import { cronos } from './personas/cronos.ts'

describe('the Gemini provider against a fake of its wire format', () => {
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  beforeAll(async () => {
    gemini = await startFakeGemini()
  })
  afterAll(() => gemini.close())

  const provider = () => createGeminiProvider({ apiKey: 'test-key-123', baseUrl: gemini.baseUrl, model: 'gemini-1.5-flash-latest' })
  const request: ChatRequest = {
    persona: cronos,
    language: 'es',
    turns: [
      { role: 'model', text: '¿Dónde naciste?' },
      { role: 'user', text: 'En Medellín, en 1948.' },
    ],
  }
  const collect = async (req: ChatRequest) => {
    const pieces: string[] = []
    for await (const piece of provider().streamReply(req)) pieces.push(piece.type === 'text' ? piece.text : '[cut]')
    return pieces
  }

  it('sends Cronos exactly as docs/product.md#personas says, and streams the reply piece by piece', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['¡Qué bonito! ', 'Medellín en los cincuenta… ', '¿Cómo era tu casa?'] })
    expect(await collect(request)).toEqual(['¡Qué bonito! ', 'Medellín en los cincuenta… ', '¿Cómo era tu casa?'])
    const sent = gemini.requests.at(-1)!
    expect(sent.method).toBe('POST')
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:streamGenerateContent?alt=sse')
    expect(sent.headers['x-goog-api-key']).toBe('test-key-123')
    expect(sent.headers['x-goog-api-client']).toBe('legado/1')
    expect(sent.url).not.toContain('test-key-123')
    expect(sent.body).toEqual({
      contents: [
        { role: 'model', parts: [{ text: '¿Dónde naciste?' }] },
        { role: 'user', parts: [{ text: 'En Medellín, en 1948.' }] },
      ],
      generationConfig: { temperature: 0.75, topK: 1, topP: 0.95, maxOutputTokens: 1024 },
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
        { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
        { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
        { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
      ],
      systemInstruction: { parts: [{ text: cronos.systemInstruction.es }] },
    })
  })

  it('answers without streaming through generateContent, with the same body', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['¿Y cómo se llamaba tu barrio?'] })
    expect(await provider().completeReply(request)).toBe('¿Y cómo se llamaba tu barrio?')
    const sent = gemini.requests.at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:generateContent')
    expect(sent.headers['x-goog-api-key']).toBe('test-key-123')
    expect(sent.body).toMatchObject({ generationConfig: { temperature: 0.75, topK: 1, topP: 0.95, maxOutputTokens: 1024 } })
  })

  it('maps every safety reason, of the prompt or of the reply, to ai_blocked, streamed or not', async () => {
    const cases = [
      ...['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY'].map((reason) => ({ kind: 'reply-blocked' as const, reason })),
      ...['SAFETY', 'OTHER', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'IMAGE_SAFETY'].map((reason) => ({ kind: 'prompt-blocked' as const, reason })),
    ]
    for (const behaviour of cases) {
      gemini.answerWith(behaviour)
      await expect(collect(request), `${behaviour.kind} ${behaviour.reason}`).rejects.toMatchObject({ code: 'ai_blocked' })
      await expect(provider().completeReply(request), `${behaviour.kind} ${behaviour.reason}`).rejects.toMatchObject({ code: 'ai_blocked' })
    }
  })

  it('asks a thinking model to spend its budget on the reply, and leaves older models as the original product sent them', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['¿Y tu barrio?'] })
    const send = async (model: string) => {
      const pieces = createGeminiProvider({ apiKey: 'k', baseUrl: gemini.baseUrl, model }).streamReply(request)
      for await (const _piece of pieces) void _piece
      return (gemini.requests.at(-1)!.body as { generationConfig: unknown }).generationConfig
    }
    const cronosSettings = { temperature: 0.75, topK: 1, topP: 0.95 }
    expect(await send('gemini-2.5-flash')).toEqual({ ...cronosSettings, maxOutputTokens: 1024, thinkingConfig: { thinkingBudget: 0 } })
    expect(await send('gemini-2.5-flash-lite')).toEqual({ ...cronosSettings, maxOutputTokens: 1024, thinkingConfig: { thinkingBudget: 0 } })
    // A Pro model cannot stop thinking: the smallest budget, and the limit grows by exactly that much.
    expect(await send('gemini-2.5-pro')).toEqual({ ...cronosSettings, maxOutputTokens: 1024 + 128, thinkingConfig: { thinkingBudget: 128 } })
    expect(await send('gemini-1.5-flash-latest')).toEqual({ ...cronosSettings, maxOutputTokens: 1024 })
    expect(await send('gemini-2.0-flash')).toEqual({ ...cronosSettings, maxOutputTokens: 1024 })
  })

  it('leaves the model’s thoughts out of the reply', async () => {
    gemini.answerWith({ kind: 'stream', thoughts: ['The user mentions Medellín; ask about the house.'], pieces: ['¿Cómo era tu casa?'] })
    expect(await collect(request)).toEqual(['¿Cómo era tu casa?'])
    expect(await provider().completeReply(request)).toBe('¿Cómo era tu casa?')
  })

  it('says when a reply was cut at the token limit, and keeps only its whole sentences when read at once', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['Qué historia tan bonita. ', 'Me gustaría saber cómo era la casa de'], finishReason: 'MAX_TOKENS' })
    expect(await collect(request)).toEqual(['Qué historia tan bonita. ', 'Me gustaría saber cómo era la casa de', '[cut]'])
    expect(await provider().completeReply(request)).toBe('Qué historia tan bonita.')
    gemini.answerWith({ kind: 'stream', pieces: ['Me gustaría saber cómo'], finishReason: 'MAX_TOKENS' })
    await expect(provider().completeReply(request)).rejects.toMatchObject({ code: 'upstream_failed' })
    // A thinking model that spent every token thinking answers nothing at all.
    gemini.answerWith({ kind: 'stream', thoughts: ['Thinking…'], pieces: [''], finishReason: 'MAX_TOKENS' })
    await expect(collect(request)).rejects.toMatchObject({ code: 'upstream_failed' })
  })

  it('maps a refused key to ai_invalid_key and anything else to upstream_failed, keeping the raw text for the log', async () => {
    gemini.answerWith({
      kind: 'status',
      status: 400,
      body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } },
    })
    const invalid = await collect(request).catch((error: unknown) => error)
    expect(invalid).toBeInstanceOf(AiError)
    expect(invalid).toMatchObject({ code: 'ai_invalid_key' })
    expect((invalid as AiError).message).not.toContain('API key not valid')
    expect((invalid as AiError).detail).toContain('API key not valid')

    gemini.answerWith({ kind: 'status', status: 500, body: { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } } })
    await expect(collect(request)).rejects.toMatchObject({ code: 'upstream_failed' })
    await expect(provider().completeReply(request)).rejects.toMatchObject({ code: 'upstream_failed' })
  })

  const jsonRequest = {
    instruction: 'List the names.',
    text: 'Ana y Jorge.',
    schema: {
      type: 'object',
      properties: {
        names: {
          type: 'array',
          items: {
            type: 'object',
            properties: { first: { type: 'string' }, kind: { type: 'string', enum: ['a', 'b'] } },
            required: ['first', 'kind'],
            additionalProperties: false,
          },
        },
      },
      required: ['names'],
      additionalProperties: false,
    },
    maxOutputTokens: 512,
  }

  it('answers in JSON at temperature 0, with the schema in Gemini’s own words', async () => {
    gemini.answerJsonWith({ kind: 'json', value: { names: [{ first: 'Ana', kind: 'a' }] } })
    expect(await provider().completeJson(jsonRequest)).toEqual({ names: [{ first: 'Ana', kind: 'a' }] })
    const sent = gemini.requests.at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-1.5-flash-latest:generateContent')
    expect(sent.headers['x-goog-api-key']).toBe('test-key-123')
    expect(sent.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Ana y Jorge.' }] }],
      generationConfig: {
        temperature: 0,
        maxOutputTokens: 512,
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'OBJECT',
          properties: {
            names: {
              type: 'ARRAY',
              items: {
                type: 'OBJECT',
                properties: { first: { type: 'STRING' }, kind: { type: 'STRING', format: 'enum', enum: ['a', 'b'] } },
                propertyOrdering: ['first', 'kind'],
                required: ['first', 'kind'],
              },
            },
          },
          propertyOrdering: ['names'],
          required: ['names'],
        },
      },
      systemInstruction: { parts: [{ text: 'List the names.' }] },
    })
    // A thinking model thinks as little as it can here too.
    await createGeminiProvider({ apiKey: 'k', baseUrl: gemini.baseUrl, model: 'gemini-2.5-flash' }).completeJson(jsonRequest)
    expect((gemini.requests.at(-1)!.body as { generationConfig: unknown }).generationConfig).toMatchObject({
      temperature: 0,
      maxOutputTokens: 512,
      thinkingConfig: { thinkingBudget: 0 },
    })
  })

  it('maps a JSON answer that is blocked, cut, not JSON or refused to the same codes as a reply', async () => {
    gemini.answerJsonWith({ kind: 'reply-blocked', reason: 'SAFETY' })
    await expect(provider().completeJson(jsonRequest)).rejects.toMatchObject({ code: 'ai_blocked' })
    gemini.answerJsonWith({ kind: 'json', value: { names: [] }, finishReason: 'MAX_TOKENS' })
    await expect(provider().completeJson(jsonRequest)).rejects.toMatchObject({ code: 'upstream_failed' })
    gemini.answerJsonWith({ kind: 'stream', pieces: ['Ana y Jorge'] })
    await expect(provider().completeJson(jsonRequest)).rejects.toMatchObject({ code: 'upstream_failed' })
    gemini.answerJsonWith({ kind: 'status', status: 403, body: { error: { message: 'API key not valid' } } })
    await expect(provider().completeJson(jsonRequest)).rejects.toMatchObject({ code: 'ai_invalid_key' })
    gemini.answerJsonWith({ kind: 'json', value: {} })
  })

  it('maps an unreachable provider to upstream_failed', async () => {
    const unreachable = createGeminiProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', model: 'm' })
    const pieces = unreachable.streamReply(request)[Symbol.asyncIterator]()
    await expect(pieces.next()).rejects.toMatchObject({ code: 'upstream_failed' })
  })
})
