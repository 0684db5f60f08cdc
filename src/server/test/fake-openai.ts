import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One streamed chunk of a chat completion, as OpenAI, Ollama or llama.cpp send it. */
export const openAiDelta = (content: string, finish: string | null = null) => ({ choices: [{ delta: { content }, finish_reason: finish }] })

/** How the fake answers: a status other than 200 (with an error body), or these stream events (`[DONE]` as a string). */
export interface OpenAiBehaviour {
  status: number
  events?: (ReturnType<typeof openAiDelta> | string)[]
}

/**
 * A local chat-completions server (`POST /v1/chat/completions`, streamed or not), recording what
 * it receives. Not streamed, it answers the events' text joined, with their last finish reason.
 */
export async function startFakeOpenAi() {
  const requests: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = []
  let behaviour: OpenAiBehaviour = { status: 200, events: [openAiDelta('Hola', 'stop')] }
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>
      requests.push({ headers: req.headers, body })
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
