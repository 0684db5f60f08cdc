/** The `data:` payloads of a server-sent-events body, one per event, as they arrive. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let pending = ''
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(bytes, { stream: true })
    const events = pending.split(/\r?\n\r?\n/)
    pending = events.pop() ?? ''
    for (const event of events) {
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n')
      if (data) yield data
    }
  }
}
