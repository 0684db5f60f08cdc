import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeChatServer } from './test/fake-chat-server.ts'
import { testChatEvents, testChatUrl } from './test/test-persona.ts'
import { useChatSession, type ChatSessionOptions } from './use-chat-session.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderSession(options: Partial<ChatSessionOptions<typeof testChatEvents>> = {}) {
  return renderHook(() => useChatSession({ url: testChatUrl, language: 'es', events: testChatEvents, extraFields: { memberId: 'member-1' }, ...options }))
}

describe('useChatSession', () => {
  it('shows the message, then the reply as the server kept it, and hands the feature what was saved', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const onDone = vi.fn()
    const { result } = renderSession({ onDone })

    let sending!: ReturnType<typeof result.current.send>
    act(() => {
      sending = result.current.send('Hola')
    })
    expect(result.current.phase).toBe('thinking')
    expect(result.current.turns).toEqual([{ id: 'turn-1', speaker: 'user', text: 'Hola' }])
    await stream.delta('Qué alegría. ¿Cómo se llamaba tu')
    expect(result.current).toMatchObject({ phase: 'writing', replyText: 'Qué alegría. ¿Cómo se llamaba tu' })
    // A reply the model cut off is kept up to its last whole sentence: that is what shows.
    const done = { reply: 'Qué alegría.', carry: null, sessionId: 'session-9' }
    await stream.send({ event: 'done', data: done })

    expect(await sending).toEqual({ messageId: 'turn-1', type: 'done', text: 'Qué alegría.', done })
    expect(onDone).toHaveBeenCalledWith(done)
    expect(result.current.turns.at(-1)).toEqual({ id: 'turn-2', speaker: 'model', text: 'Qué alegría.', done })
    expect(result.current).toMatchObject({ phase: 'idle', replyText: '' })
  })

  it('sends the feature’s fields, and the exchanges the server could not save with each later message', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { result } = renderSession()
    const carry = { user: 'Nací en Cali', model: '¡Cali! ¿Y tu casa?', receipt: 'firma-del-servidor' }

    act(() => void result.current.send('Nací en Cali'))
    await stream.send({ event: 'done', data: { reply: carry.model, carry, sessionId: null } })
    await act(() => result.current.send('Tenía un patio'))

    expect(api.chatMessages()).toEqual([
      { memberId: 'member-1', message: 'Nací en Cali', language: 'es', carried: [] },
      { memberId: 'member-1', message: 'Tenía un patio', language: 'es', carried: [carry] },
    ])
  })

  it('turns a stream that broke off into a failed reply, and tells the feature the exchange may be saved', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const onInterrupted = vi.fn()
    const { result } = renderSession({ onInterrupted })

    act(() => void result.current.send('La casa de mi abuela'))
    await stream.delta('Qué bonita')
    await stream.drop()

    expect(onInterrupted).toHaveBeenCalledTimes(1)
    expect(result.current.turns.at(-1)).toMatchObject({ speaker: 'problem', problem: { type: 'reply', code: 'upstream_failed' }, messageId: 'turn-1' })
  })

  it('sends a failed message again in place of its problem bubble', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { result } = renderSession()

    act(() => void result.current.send('Mi primer trabajo'))
    await stream.send({ event: 'error', data: { code: 'ai_blocked', message: 'blocked' } })
    const problem = result.current.turns.at(-1)!
    expect(problem).toMatchObject({ speaker: 'problem', problem: { type: 'reply', code: 'ai_blocked' } })

    await act(() => result.current.retry(problem.id))
    expect(result.current.turns.map((turn) => turn.speaker)).toEqual(['user', 'model'])
    expect(api.chatMessages()).toHaveLength(2)
    expect(result.current.retry('turn-404')).toBeUndefined()
  })

  it('stops reading the reply stream when the chat is left', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { result, unmount } = renderSession()
    let sending!: ReturnType<typeof result.current.send>
    act(() => {
      sending = result.current.send('Hola')
    })
    const chatCall = vi.mocked(fetch).mock.calls.findIndex(([path]) => path === testChatUrl)
    // Once the answer has come, the hook goes on at once to read its body: it is left mid-reply.
    await act(async () => void (await vi.mocked(fetch).mock.results[chatCall]?.value))
    expect(stream.response.body?.locked).toBe(true)

    const signal = vi.mocked(fetch).mock.calls[chatCall]?.[1]?.signal
    expect(signal?.aborted).toBe(false)
    unmount()
    expect(signal?.aborted).toBe(true)
    // The browser then breaks the body off; that is no failure to show.
    await stream.drop()
    expect(await sending).toEqual({ messageId: 'turn-1', type: 'left' })
  })
})
