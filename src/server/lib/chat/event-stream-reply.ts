import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { formatServerSentEvent } from '../../../shared/event-stream.ts'

/**
 * Answers with `events` as server-sent events. A comment goes first, so the browser knows at once
 * that the reply has begun; proxies are asked not to buffer.
 */
export function sendEventStream(reply: FastifyReply, events: AsyncIterable<{ event: string; data: unknown }>) {
  async function* text(): AsyncGenerator<string> {
    yield ': legado\n\n'
    for await (const { event, data } of events) yield formatServerSentEvent(event, data)
  }
  return reply
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-cache, no-transform')
    .header('X-Accel-Buffering', 'no')
    .send(Readable.from(text()))
}
