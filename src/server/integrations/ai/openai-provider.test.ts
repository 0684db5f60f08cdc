import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatRequest } from './ai-provider.ts'
import { createOpenAiProvider } from './openai-provider.ts'
import { cronos } from './personas/cronos.ts'

/** A local chat-completions server (as OpenAI, Ollama or llama.cpp speak it), recording requests. */
describe('the OpenAI-compatible provider', () => {
  const received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = []
  let reply: { status: number; events?: unknown[] } = { status: 200, events: [] }
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>
      received.push({ headers: req.headers, body })
      if (reply.status !== 200) return void res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key provided"}}')
      if (body.stream === false) {
        const content = (reply.events ?? []).map((event) => (typeof event === 'string' ? '' : (event as ReturnType<typeof delta>).choices[0]!.delta.content)).join('')
        const finishes = (reply.events ?? []).flatMap((event) => (typeof event === 'string' ? [] : [(event as ReturnType<typeof delta>).choices[0]!.finish_reason]))
        const finish = finishes.findLast((reason) => reason !== null) ?? 'stop'
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: finish }] }))
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const event of reply.events ?? []) res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`)
      res.end()
    })
  })
  let baseUrl = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const request: ChatRequest = { persona: cronos, language: 'fr', turns: [{ role: 'model', text: 'Où es-tu né ?' }, { role: 'user', text: 'À Lyon.' }] }
  const collect = async (apiKey?: string) => {
    const pieces: string[] = []
    for await (const piece of createOpenAiProvider({ baseUrl, apiKey, model: 'llama3' }).streamReply(request)) pieces.push(piece.type === 'text' ? piece.text : '[cut]')
    return pieces
  }
  const delta = (content: string, finish: string | null = null) => ({ choices: [{ delta: { content }, finish_reason: finish }] })

  it('sends the persona as a system message with its settings, and streams the deltas', async () => {
    reply = { status: 200, events: [delta('Lyon ! '), delta('Quelle belle ville. '), delta('Quel quartier ?', 'stop'), '[DONE]'] }
    expect(await collect('sk-test')).toEqual(['Lyon ! ', 'Quelle belle ville. ', 'Quel quartier ?'])
    const sent = received.at(-1)!
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
    reply = { status: 200, events: [delta('Lyon, '), delta('quelle ville !', 'stop')] }
    expect(await createOpenAiProvider({ baseUrl, model: 'llama3' }).completeReply(request)).toBe('Lyon, quelle ville !')
    expect(received.at(-1)!.body).toMatchObject({ stream: false, model: 'llama3', max_tokens: 1024 })
    reply = { status: 200, events: [delta('', 'content_filter')] }
    await expect(createOpenAiProvider({ baseUrl, model: 'llama3' }).completeReply(request)).rejects.toMatchObject({ code: 'ai_blocked' })
  })

  it('says when the server stopped at max_tokens, and keeps only whole sentences when read at once', async () => {
    reply = { status: 200, events: [delta('Lyon ! '), delta('Quelle belle ville. Et votre'), delta('', 'length'), '[DONE]'] }
    expect(await collect()).toEqual(['Lyon ! ', 'Quelle belle ville. Et votre', '[cut]'])
    reply = { status: 200, events: [delta('Lyon ! Quelle belle ville. Et votre', 'length')] }
    expect(await createOpenAiProvider({ baseUrl, model: 'llama3' }).completeReply(request)).toBe('Lyon ! Quelle belle ville.')
  })

  it('works without a key, as local servers do', async () => {
    reply = { status: 200, events: [delta('Bonjour'), '[DONE]'] }
    expect(await collect()).toEqual(['Bonjour'])
    expect(received.at(-1)!.headers.authorization).toBeUndefined()
  })

  it('maps a refused key, a content filter and a server error to the spec’s codes', async () => {
    reply = { status: 401 }
    await expect(collect('bad')).rejects.toMatchObject({ code: 'ai_invalid_key' })
    reply = { status: 200, events: [delta('', 'content_filter')] }
    await expect(collect('k')).rejects.toMatchObject({ code: 'ai_blocked' })
    reply = { status: 500 }
    await expect(collect('k')).rejects.toMatchObject({ code: 'upstream_failed' })
  })
})
