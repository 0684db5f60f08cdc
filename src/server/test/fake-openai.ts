import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One streamed chunk of a chat completion, as OpenAI, Ollama or llama.cpp send it. */
export const openAiDelta = (content: string, finish: string | null = null) => ({ choices: [{ delta: { content }, finish_reason: finish }] })

/** How the fake answers: a status other than 200 (with an error body), or these stream events (`[DONE]` as a string). */
export interface OpenAiBehaviour {
  status: number
  events?: (ReturnType<typeof openAiDelta> | string)[]
}

/** How the fake answers a request for a JSON answer (`response_format`): this value as the message's content, after `delayMs`. */
export interface OpenAiJsonBehaviour {
  status: number
  json?: unknown
  delayMs?: number
  /** `stop` by default; `length` for an answer cut at max_tokens, `content_filter` for a blocked one. */
  finishReason?: string
  /** A strict schema's refusal, instead of content. */
  refusal?: string
}

/**
 * A local chat-completions server (`POST /v1/chat/completions`, streamed or not), recording what
 * it receives. Not streamed, it answers the events' text joined, with their last finish reason; a
 * request for a JSON answer gets what `answerJsonWith` says, or else the same.
 */
export async function startFakeOpenAi() {
  const requests: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = []
  let behaviour: OpenAiBehaviour = { status: 200, events: [openAiDelta('Hola', 'stop')] }
  let jsonBehaviour: OpenAiJsonBehaviour | undefined
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>
      requests.push({ headers: req.headers, body })
      if (body.response_format && jsonBehaviour) {
        const { status, json, delayMs = 0, finishReason = 'stop', refusal } = jsonBehaviour
        const message = refusal ? { role: 'assistant', content: null, refusal } : { role: 'assistant', content: JSON.stringify(json) }
        const reply = status === 200 ? JSON.stringify({ choices: [{ message, finish_reason: finishReason }] }) : '{"error":{"message":"Incorrect API key provided"}}'
        return void setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(reply), delayMs)
      }
      if (behaviour.status !== 200) return void res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key provided"}}')
      const chunks = (behaviour.events ?? []).flatMap((event) => (typeof event === 'string' ? [] : [event.choices[0]!]))
      if (body.stream === false) {
        const content = chunks.map((chunk) => chunk.delta.content).join('')
        const finish = chunks.map((chunk) => chunk.finish_reason).findLast((reason) => reason !== null) ?? 'stop'
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: finish }] }))
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const event of behaviour.events ?? []) res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith(next: OpenAiBehaviour) {
      behaviour = next
    },
    /** How to answer requests for a JSON answer from now on, while the chat goes on as `answerWith` says. */
    answerJsonWith(next: OpenAiJsonBehaviour) {
      jsonBehaviour = next
    },
    /** The requests of the conversation itself among `requests` (a JSON request reads an answer apart from it). */
    chatRequests: () => requests.filter((request) => !request.body.response_format),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
