import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: unknown
}

/** GET this on the fake for what it has received so far: `{ requests: [{ method, url, body }] }`. */
export const recordedRequestsPath = '/__requests'

/** The settings of an app whose AI is this fake Gemini (the original product's model, a key only the server knows). */
export function geminiSettings(fake: { baseUrl: string }): Record<string, string> {
  return { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'server-side-key', GEMINI_BASE_URL: fake.baseUrl, AI_MODEL: 'gemini-1.5-flash-latest' }
}

/** How the fake answers the next requests. */
export type GeminiBehaviour =
  | {
      kind: 'stream'
      pieces: string[]
      /** Pause before each piece, the first included (the model "thinking"). */
      delayMs?: number
      /** How the last piece ends: STOP by default; MAX_TOKENS for a reply cut at the limit. */
      finishReason?: string
      /** Thought summaries sent before the reply, as parts marked `thought` (never part of the reply). */
      thoughts?: string[]
    }
  | { kind: 'prompt-blocked'; reason?: string }
  | { kind: 'reply-blocked'; reason?: string }
  | { kind: 'status'; status: number; body: unknown }
  /** A JSON answer (`responseMimeType: application/json`): `value` as the reply's text, after `delayMs`. */
  | { kind: 'json'; value: unknown; delayMs?: number; finishReason?: string }

/**
 * A local server speaking the Generative Language API's wire format (generateContent and
 * streamGenerateContent?alt=sse), recording what it receives. Gemini itself cannot run here.
 */
export async function startFakeGemini(options: { port?: number; behaviour?: GeminiBehaviour; jsonBehaviour?: GeminiBehaviour } = {}) {
  const requests: RecordedRequest[] = []
  /** Streamed answers whose caller hung up before the end. */
  let abandoned = 0
  let chatBehaviour: GeminiBehaviour = options.behaviour ?? { kind: 'stream', pieces: ['Hola'] }
  /** How requests for a JSON answer are answered, apart from the chat's; until set, as the chat is. */
  let jsonBehaviour: GeminiBehaviour | undefined = options.jsonBehaviour

  const answer = async (res: ServerResponse, isStream: boolean, chunks: unknown[], delayMs = 0) => {
    if (!isStream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chunks.at(-1)))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.on('close', () => {
      if (!res.writableFinished) abandoned += 1
    })
    for (const chunk of chunks) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      if (res.destroyed) return
      res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`)
    }
    res.end()
  }

  const server = createServer((req, res) => {
    // A journey in another process asks the fake what the server sent the model.
    if (req.method === 'GET' && req.url === recordedRequestsPath) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: requests.map(({ method, url, body }) => ({ method, url, body })) }))
      return
    }
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as { generationConfig?: { responseMimeType?: string } }) : undefined
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const isStream = (req.url ?? '').includes(':streamGenerateContent')
      const behaviour = (body?.generationConfig?.responseMimeType === 'application/json' ? jsonBehaviour : undefined) ?? chatBehaviour
      if (behaviour.kind === 'status') {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify(behaviour.body))
      } else if (behaviour.kind === 'prompt-blocked') {
        void answer(res, isStream, [{ promptFeedback: { blockReason: behaviour.reason ?? 'SAFETY' } }])
      } else if (behaviour.kind === 'reply-blocked') {
        void answer(res, isStream, [{ candidates: [{ content: { role: 'model', parts: [] }, finishReason: behaviour.reason ?? 'SAFETY' }] }])
      } else if (behaviour.kind === 'json') {
        const whole = { candidates: [{ content: { role: 'model', parts: [{ text: JSON.stringify(behaviour.value) }] }, finishReason: behaviour.finishReason ?? 'STOP' }] }
        const delayMs = behaviour.delayMs ?? 0
        setTimeout(() => void answer(res, isStream, [whole]), delayMs)
      } else {
        const { pieces, delayMs, finishReason = 'STOP', thoughts = [] } = behaviour
        const thoughtChunks = thoughts.map((text) => ({ candidates: [{ content: { role: 'model', parts: [{ text, thought: true }] } }] }))
        const chunks = pieces.map((text, index) => ({
          candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(index === pieces.length - 1 ? { finishReason } : {}) }],
        }))
        const whole = { candidates: [{ content: { role: 'model', parts: [...thoughts.map((text) => ({ text, thought: true })), { text: pieces.join('') }] }, finishReason }] }
        // Not streamed: the whole text in one answer, as generateContent gives it.
        void answer(res, isStream, isStream ? [...thoughtChunks, ...chunks] : [whole], delayMs)
      }
    })
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** How many streamed answers the caller stopped reading before their end. */
    abandoned: () => abandoned,
    answerWith(next: GeminiBehaviour) {
      chatBehaviour = next
    },
    /** How to answer requests for a JSON answer from now on, while the chat goes on as `answerWith` says. */
    answerJsonWith(next: GeminiBehaviour) {
      jsonBehaviour = next
    },
    /** The requests for a JSON answer among `requests`. */
    jsonRequests: () =>
      requests.filter((request) => (request.body as { generationConfig?: { responseMimeType?: string } } | undefined)?.generationConfig?.responseMimeType === 'application/json'),
    /** The requests of the conversation itself among `requests` (a JSON request reads an answer apart from it). */
    chatRequests: () =>
      requests.filter((request) => (request.body as { generationConfig?: { responseMimeType?: string } } | undefined)?.generationConfig?.responseMimeType !== 'application/json'),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
