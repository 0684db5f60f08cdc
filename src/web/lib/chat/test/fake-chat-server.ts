import type { AiMode } from '../../../../shared/contracts/chat.ts'
import { controlledEventStream, eventStreamResponse, type ControlledEventStream } from '../../../test/event-stream.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'
import { testChatUrl, testOpening, type TestChatEvent } from './test-persona.ts'

/**
 * The test persona's chat API behind a spied `fetch`: the opening per language, and a reply that
 * thanks for each message, saved as a new session. `holdNextChat` gives the test the next answer's
 * stream to write by hand; `answerNext` replaces the next answer to one route.
 */
export function fakeChatServer({ opening = testOpening, mode = 'gemini' as AiMode } = {}) {
  const heldChats: ControlledEventStream<TestChatEvent>[] = []
  let sessions = 0

  const { requests, answerNext } = fakeApi(({ method, path, body }) => {
    if (method === 'GET' && /^\/api\/test\/chat\?language=(es|en|fr)$/.test(path)) return jsonResponse(200, { mode, text: opening })
    if (method === 'POST' && path === testChatUrl) {
      const held = heldChats.shift()
      if (held) return held.response
      const { message } = body as { message: string }
      sessions += 1
      return eventStreamResponse([
        { event: 'delta', data: { text: 'Gracias por contarme: ' } },
        { event: 'delta', data: { text: message } },
        { event: 'done', data: { reply: `Gracias por contarme: ${message}`, carry: null, sessionId: `session-${sessions}` } },
      ])
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'not_found' } })
  })

  return {
    requests,
    /** The bodies of the messages sent to the persona, in order. */
    chatMessages: () => requests.filter((request) => request.method === 'POST' && request.path === testChatUrl).map((request) => request.body),
    /** The next chat answer is a stream the test writes by hand. */
    holdNextChat(): ControlledEventStream<TestChatEvent> {
      const stream = controlledEventStream<TestChatEvent>()
      heldChats.push(stream)
      return stream
    },
    answerNext,
  }
}
