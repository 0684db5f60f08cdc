/** One event of a `text/event-stream`, before its data is read. */
export interface ServerSentEvent {
  event: string
  data: string
}

/**
 * Reads the text of an event stream as it arrives, in pieces cut anywhere (inside a line, or
 * between the CR and LF of one line ending). `push` gives back the events its piece completed.
 * Fields follow the HTML standard: `event`, `data` (lines joined with "\n"), comments ignored;
 * an event left unfinished when the stream ends is dropped, as browsers drop it. The server reads
 * its AI providers' streams with it, the browser reads ours, and the tests read both.
 */
export function createEventStreamParser() {
  let buffer = ''
  let eventName = ''
  let dataLines: string[] = []

  function takeLine(line: string, events: ServerSentEvent[]) {
    if (line === '') {
      if (dataLines.length > 0) events.push({ event: eventName || 'message', data: dataLines.join('\n') })
      eventName = ''
      dataLines = []
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') eventName = value
    else if (field === 'data') dataLines.push(value)
  }

  return {
    push(text: string): ServerSentEvent[] {
      buffer += text
      const events: ServerSentEvent[] = []
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/)
        if (end === -1) break
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (buffer[end] === '\r' && end === buffer.length - 1) break
        const width = buffer.startsWith('\r\n', end) ? 2 : 1
        takeLine(buffer.slice(0, end), events)
        buffer = buffer.slice(end + width)
      }
      return events
    },
  }
}

/** The events of a whole stream body at once (tests, and answers read in one piece). */
export function parseEventStream(text: string): ServerSentEvent[] {
  return createEventStreamParser().push(text.endsWith('\n\n') ? text : `${text}\n\n`)
}

/** The wire form of one event: `event: <name>\ndata: <json>\n\n` (JSON never holds a raw newline). */
export function formatServerSentEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}
