import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api-client.ts'
import { jsonResponse } from '../../test/http.ts'
import { controlledEventStream, eventStreamResponse } from '../../test/event-stream.ts'
import { ChatStreamInterrupted, isAbort, sendChatMessage } from './chat-stream.ts'
import { testChatEvents } from './test/test-persona.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const url = '/api/test/chat'
const body = { message: 'Hola', language: 'es', carried: [] }
const done = { event: 'done', data: { reply: 'Hola.', carry: null, sessionId: 's1' } }

describe('sendChatMessage', () => {
  it('posts the message and the feature’s fields as JSON with the session cookie, and hands over each piece of the reply', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      eventStreamResponse([
        { event: 'delta', data: { text: 'Qué ' } },
        { event: 'delta', data: { text: 'bonito.' } },
        { event: 'done', data: { reply: 'Qué bonito.', carry: null, sessionId: 's1' } },
      ]),
    )
    const pieces: string[] = []
    const message = { message: 'Nací en Cali.', language: 'es', carried: [], memberId: 'm1' }
    const outcome = await sendChatMessage(url, message, testChatEvents, { onDelta: (text) => pieces.push(text) })

    expect(pieces).toEqual(['Qué ', 'bonito.'])
    expect(outcome).toEqual({ event: 'done', data: { reply: 'Qué bonito.', carry: null, sessionId: 's1' } })
    const [path, init] = fetchSpy.mock.calls[0]!
    expect(path).toBe(url)
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' })
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json')
    expect(JSON.parse(String(init?.body))).toEqual(message)
  })

  it('reads the stream as it arrives, skipping events it cannot trust', async () => {
    const stream = controlledEventStream()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(stream.response)
    const pieces: string[] = []
    const sending = sendChatMessage(url, body, testChatEvents, { onDelta: (text) => pieces.push(text) })

    await stream.raw('event: delta\ndata: {"text":"Ho')
    expect(pieces).toEqual([])
    await stream.raw('la"}\n\nevent: delta\ndata: not json\n\n')
    expect(pieces).toEqual(['Hola'])
    // A multi-byte character cut between two chunks still decodes whole.
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":" ¿Qué tal?"}\n\n')
    const cut = bytes.indexOf(0xc2) + 1
    await stream.bytes(bytes.slice(0, cut))
    await stream.bytes(bytes.slice(cut))
    await stream.raw('event: error\ndata: {"code":"ai_invalid_key","message":"bad key"}\n\n')

    await expect(sending).resolves.toEqual({ event: 'error', data: { code: 'ai_invalid_key', message: 'bad key' } })
    expect(pieces.join('')).toBe('Hola ¿Qué tal?')
  })

  it.each([
    ['data that is not JSON', 'event: delta\ndata: {"text":\n\n'],
    ['data of the wrong shape', 'event: delta\ndata: {"texto":"Hola"}\n\n'],
    ['an unknown error code', 'event: error\ndata: {"code":"boom","message":"x"}\n\n'],
    ['a done without the feature’s fields', 'event: done\ndata: {"reply":"Hola.","carry":null}\n\n'],
    ['an unknown event', 'event: ping\ndata: {}\n\n'],
    ['an inherited name', 'event: toString\ndata: {}\n\n'],
  ])('skips %s', async (_case, raw) => {
    const stream = controlledEventStream()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(stream.response)
    const onDelta = vi.fn()
    const sending = sendChatMessage(url, body, testChatEvents, { onDelta })
    await stream.raw(raw)
    await stream.send(done)

    await expect(sending).resolves.toEqual(done)
    expect(onDelta).not.toHaveBeenCalled()
  })

  it('fails like apiFetch when the server refuses the message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(429, { error: { code: 'rate_limited', message: 'slow down' } }))
    const sending = sendChatMessage(url, body, testChatEvents, { onDelta: vi.fn() })
    await expect(sending).rejects.toEqual(expect.objectContaining({ status: 429, code: 'rate_limited' }))
    await expect(sending).rejects.toBeInstanceOf(ApiError)
  })

  it('says the server could not be reached when the request never got through', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(sendChatMessage(url, body, testChatEvents, { onDelta: vi.fn() })).rejects.toMatchObject({ code: 'network_error' })
  })

  it('reports a stream that ends or drops before its last event as interrupted', async () => {
    const ended = controlledEventStream()
    const dropped = controlledEventStream()
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ended.response).mockResolvedValueOnce(dropped.response)

    const first = sendChatMessage(url, body, testChatEvents, { onDelta: vi.fn() }).catch((error: unknown) => error)
    const second = sendChatMessage(url, body, testChatEvents, { onDelta: vi.fn() }).catch((error: unknown) => error)
    await ended.delta('Qué')
    await ended.close()
    await dropped.delta('Qué')
    await dropped.drop()

    expect(await first).toBeInstanceOf(ChatStreamInterrupted)
    expect(await second).toBeInstanceOf(ChatStreamInterrupted)
  })

  it('stops reading when its signal aborts', async () => {
    const stream = controlledEventStream()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(stream.response)
    const controller = new AbortController()
    const onDelta = vi.fn()
    const sending = sendChatMessage(url, body, testChatEvents, { onDelta, signal: controller.signal }).catch((error: unknown) => error)
    await stream.delta('Qué')
    controller.abort()
    await stream.drop()

    expect(isAbort(await sending)).toBe(true)
    expect(onDelta).toHaveBeenCalledTimes(1)
  })
})
