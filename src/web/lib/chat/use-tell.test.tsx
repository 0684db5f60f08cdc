import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { controlledEventStream, type ControlledEventStream } from '../../test/event-stream.ts'
import { jsonResponse } from '../../test/http.ts'
import { ApiError } from '../api-client.ts'
import { testChatEvents, testChatUrl, type TestChatEvent } from './test/test-persona.ts'
import { useTell } from './use-tell.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const request = { text: 'La casa de mi abuela', language: 'es' }

/** Each request the hook makes is answered with the next of these streams (or answers). */
function fakeServer(...answers: (ControlledEventStream<TestChatEvent> | Response | Error)[]) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  for (const answer of answers) {
    if (answer instanceof Error) fetchSpy.mockRejectedValueOnce(answer)
    else fetchSpy.mockResolvedValueOnce(answer instanceof Response ? answer : answer.response)
  }
  return {
    /** The body and abort signal of each request, in order. */
    requests: () => fetchSpy.mock.calls.map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown, signal: init?.signal })),
  }
}

function renderTell(onDone = vi.fn()) {
  const hook = renderHook(() => useTell(testChatUrl, testChatEvents, { onDone }))
  let telling: Promise<void> | undefined
  const start = (body: object = request) =>
    act(() => {
      telling = hook.result.current.start(body)
    })
  return { ...hook, onDone, start, settled: () => act(() => telling) }
}

const doneEvent = (reply: string) => ({ event: 'done', data: { reply, carry: null, sessionId: 's1' } }) as const

describe('useTell', () => {
  it('posts the request, shows the answer as it arrives, then the server’s reply, and hands over the done event', async () => {
    const stream = controlledEventStream<TestChatEvent>()
    const server = fakeServer(stream)
    const { result, start, settled, onDone } = renderTell()
    expect(result.current).toMatchObject({ phase: 'idle', text: '', done: null, problem: null })

    start()
    expect(result.current).toMatchObject({ phase: 'writing', text: '' })
    expect(server.requests()).toEqual([{ url: testChatUrl, body: request, signal: expect.any(AbortSignal) }])
    await stream.delta('Había una vez ')
    expect(result.current).toMatchObject({ phase: 'writing', text: 'Había una vez ' })
    await stream.delta('una casa que vol')
    expect(result.current.text).toBe('Había una vez una casa que vol')

    // The model was cut off: the server keeps (and sends) the reply up to its last whole sentence.
    await stream.send(doneEvent('Había una vez una casa.'))
    await settled()
    expect(result.current).toMatchObject({ phase: 'done', text: 'Había una vez una casa.', problem: null, done: doneEvent('Había una vez una casa.').data })
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(onDone).toHaveBeenCalledWith(doneEvent('Había una vez una casa.').data)
  })

  it('fails with the code of an error event, keeping what arrived', async () => {
    const stream = controlledEventStream<TestChatEvent>()
    fakeServer(stream)
    const { result, start, settled, onDone } = renderTell()

    start()
    await stream.delta('Había')
    await stream.send({ event: 'error', data: { code: 'upstream_failed', message: 'the model failed' } })
    await settled()
    expect(result.current).toMatchObject({ phase: 'failed', text: 'Había', done: null, problem: { type: 'reply', code: 'upstream_failed' } })
    expect(onDone).not.toHaveBeenCalled()
  })

  it('fails with the request’s problem when the server refuses it', async () => {
    fakeServer(jsonResponse(503, { error: { code: 'ai_unavailable', message: 'no model' } }))
    const { result, start, settled } = renderTell()

    start()
    await settled()
    expect(result.current.phase).toBe('failed')
    const problem = result.current.problem
    expect(problem?.type).toBe('request')
    const error = problem?.type === 'request' ? problem.error : undefined
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, code: 'ai_unavailable' })
  })

  it('fails with a network problem when the server cannot be reached', async () => {
    fakeServer(new TypeError('Failed to fetch'))
    const { result, start, settled } = renderTell()

    start()
    await settled()
    expect(result.current).toMatchObject({ phase: 'failed', problem: { type: 'request', error: expect.objectContaining({ code: 'network_error' }) } })
  })

  it.each([
    ['ends', (stream: ControlledEventStream<TestChatEvent>) => stream.close()],
    ['breaks off', (stream: ControlledEventStream<TestChatEvent>) => stream.drop()],
  ])('is interrupted when the stream %s before saying how the answer ended, keeping what arrived', async (_case, end) => {
    const stream = controlledEventStream<TestChatEvent>()
    fakeServer(stream)
    const { result, start, settled, onDone } = renderTell()

    start()
    await stream.delta('Había una vez')
    await end(stream)
    await settled()
    expect(result.current).toMatchObject({ phase: 'failed', text: 'Había una vez', done: null, problem: { type: 'interrupted' } })
    expect(onDone).not.toHaveBeenCalled()
  })

  it('stops at once, keeping what arrived, and ignores whatever the stream says afterwards', async () => {
    const stream = controlledEventStream<TestChatEvent>()
    const server = fakeServer(stream)
    const { result, start, settled, onDone } = renderTell()

    start()
    await stream.delta('Había una vez')
    act(() => result.current.stop())
    expect(result.current).toMatchObject({ phase: 'stopped', text: 'Había una vez', problem: null })
    expect(server.requests()[0]!.signal?.aborted).toBe(true)

    await stream.delta(' una casa')
    await stream.send(doneEvent('Había una vez una casa.'))
    await settled()
    expect(result.current).toMatchObject({ phase: 'stopped', text: 'Había una vez', done: null })
    expect(onDone).not.toHaveBeenCalled()
  })

  it('stopping when nothing is being written changes nothing', async () => {
    fakeServer(jsonResponse(503, { error: { code: 'ai_unavailable', message: 'no model' } }))
    const { result, start, settled } = renderTell()
    act(() => result.current.stop())
    expect(result.current.phase).toBe('idle')

    start()
    await settled()
    act(() => result.current.stop())
    expect(result.current.phase).toBe('failed')
  })

  it('resets to idle, abandoning the answer being written', async () => {
    const stream = controlledEventStream<TestChatEvent>()
    const server = fakeServer(stream)
    const { result, start, settled, onDone } = renderTell()

    start()
    await stream.delta('Había una vez')
    act(() => result.current.reset())
    expect(result.current).toMatchObject({ phase: 'idle', text: '', done: null, problem: null })
    expect(server.requests()[0]!.signal?.aborted).toBe(true)

    await stream.send(doneEvent('Había una vez.'))
    await settled()
    expect(result.current).toMatchObject({ phase: 'idle', text: '' })
    expect(onDone).not.toHaveBeenCalled()
  })

  it('abandons the previous answer when asked again, showing only the new one', async () => {
    const first = controlledEventStream<TestChatEvent>()
    const second = controlledEventStream<TestChatEvent>()
    const server = fakeServer(first, second)
    const { result, start, settled, onDone } = renderTell()

    start({ text: 'Primero', language: 'es' })
    await first.delta('La primera')
    start({ text: 'Segundo', language: 'es' })
    expect(server.requests()[0]!.signal?.aborted).toBe(true)
    expect(server.requests()[1]!.signal?.aborted).toBe(false)
    expect(result.current).toMatchObject({ phase: 'writing', text: '' })

    await first.delta(' y más')
    await first.send(doneEvent('La primera.'))
    expect(result.current).toMatchObject({ phase: 'writing', text: '' })
    expect(onDone).not.toHaveBeenCalled()

    await second.delta('La segunda')
    expect(result.current.text).toBe('La segunda')
    await second.send(doneEvent('La segunda.'))
    await settled()
    expect(result.current).toMatchObject({ phase: 'done', text: 'La segunda.' })
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(onDone).toHaveBeenCalledWith(doneEvent('La segunda.').data)
    expect(server.requests().map((sent) => sent.body)).toEqual([
      { text: 'Primero', language: 'es' },
      { text: 'Segundo', language: 'es' },
    ])
  })

  it('stops waiting for the answer when the page is left', async () => {
    const stream = controlledEventStream<TestChatEvent>()
    const server = fakeServer(stream)
    const { start, unmount } = renderTell()

    start()
    await stream.delta('Había')
    unmount()
    expect(server.requests()[0]!.signal?.aborted).toBe(true)
  })
})
