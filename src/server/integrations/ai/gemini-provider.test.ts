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
    for await (const piece of provider().streamReply(req)) pieces.push(piece)
    return pieces
  }

  it('sends Cronos exactly as spec §7 and §9 say, and streams the reply piece by piece', async () => {
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

  it('maps a safety block of the prompt or of the reply to ai_blocked, streamed or not', async () => {
    for (const kind of ['prompt-blocked', 'reply-blocked'] as const) {
      gemini.answerWith({ kind })
      await expect(collect(request)).rejects.toMatchObject({ code: 'ai_blocked' })
      await expect(provider().completeReply(request)).rejects.toMatchObject({ code: 'ai_blocked' })
    }
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

  it('maps an unreachable provider to upstream_failed', async () => {
    const unreachable = createGeminiProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', model: 'm' })
    const pieces = unreachable.streamReply(request)[Symbol.asyncIterator]()
    await expect(pieces.next()).rejects.toMatchObject({ code: 'upstream_failed' })
  })
})
