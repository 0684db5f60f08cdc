import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: unknown
}

/** How the fake answers the next requests. */
export type GeminiBehaviour =
  | { kind: 'stream'; pieces: string[] }
  | { kind: 'prompt-blocked' }
  | { kind: 'reply-blocked' }
  | { kind: 'status'; status: number; body: unknown }

/**
 * A local server speaking the Generative Language API's wire format (generateContent and
 * streamGenerateContent?alt=sse), recording what it receives. Gemini itself cannot run here.
 */
export async function startFakeGemini() {
  const requests: RecordedRequest[] = []
  let behaviour: GeminiBehaviour = { kind: 'stream', pieces: ['Hola'] }

  const answer = (res: ServerResponse, isStream: boolean, chunks: unknown[]) => {
    if (!isStream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chunks.at(-1)))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`)
    res.end()
  }

  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined })
      const isStream = (req.url ?? '').includes(':streamGenerateContent')
      if (behaviour.kind === 'status') {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify(behaviour.body))
      } else if (behaviour.kind === 'prompt-blocked') {
        answer(res, isStream, [{ promptFeedback: { blockReason: 'SAFETY' } }])
      } else if (behaviour.kind === 'reply-blocked') {
        answer(res, isStream, [{ candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'SAFETY' }] }])
      } else {
        const pieces = behaviour.pieces
        answer(
          res,
          isStream,
          pieces.map((text, index) => ({
            candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(index === pieces.length - 1 ? { finishReason: 'STOP' } : {}) }],
          })),
        )
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next: GeminiBehaviour) {
      behaviour = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
