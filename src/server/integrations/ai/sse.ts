import { createEventStreamParser } from '../../../shared/event-stream.ts'

/** The `data:` payloads of a provider's server-sent-events body, one per event, as they arrive. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  const parser = createEventStreamParser()
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    for (const event of parser.push(decoder.decode(bytes, { stream: true }))) yield event.data
  }
  // A last event without its blank line still counts when the body ends.
  for (const event of parser.push(`${decoder.decode()}\n\n`)) yield event.data
}
