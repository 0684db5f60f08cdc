import {
  chatStreamEvents,
  type ChatMessage,
  type ChatStreamEvent,
  type ChatStreamEventName,
} from '../../../../shared/contracts/biography.ts'
import { ApiError, apiErrorFrom } from '../../../lib/api-client.ts'

/** One event of a `text/event-stream`, before its data is read. */
export interface ServerSentEvent {
  event: string
  data: string
}

/**
 * Reads the text of an event stream as it arrives, in pieces cut anywhere (inside a line, or
 * between the CR and LF of one line ending). `push` gives back the events its piece completed.
 * Fields follow the HTML standard: `event`, `data` (lines joined with "\n"), comments ignored;
 * an event left unfinished when the stream ends is dropped, as browsers drop it.
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

/**
 * The typed chat event of a raw one, checked against the contract; null for an event this client
 * does not know or whose data is not what the contract says (it is skipped, not trusted).
 */
export function readChatEvent(raw: ServerSentEvent): ChatStreamEvent | null {
  if (!Object.hasOwn(chatStreamEvents, raw.event)) return null
  const name = raw.event as ChatStreamEventName
  let json: unknown
  try {
    json = JSON.parse(raw.data)
  } catch {
    return null
  }
  const parsed = chatStreamEvents[name].safeParse(json)
  return parsed.success ? ({ event: name, data: parsed.data } as ChatStreamEvent) : null
}

/** The stream stopped before saying how the reply ended: the connection dropped, or the server died. */
export class ChatStreamInterrupted extends Error {
  constructor() {
    super('The chat stream ended before its last event')
    this.name = 'ChatStreamInterrupted'
  }
}

/** How one exchange ended: the `done` or `error` event's data. */
export type ChatOutcome = Extract<ChatStreamEvent, { event: 'done' | 'error' }>

interface SendChatOptions {
  /** Called with each piece of the reply, in order, as it arrives. */
  onDelta: (text: string) => void
  signal?: AbortSignal
}

/**
 * Sends the person's message to Cronos and reads the answer stream. Resolves with the final event;
 * rejects with an `ApiError` when the server refused the message (as `apiFetch` does), with
 * `ChatStreamInterrupted` when the stream broke off, or with the `AbortError` of `signal`.
 */
export async function sendChatMessage(body: ChatMessage, { onDelta, signal }: SendChatOptions): Promise<ChatOutcome> {
  let response: Response
  try {
    response = await fetch('/api/biography/chat', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    })
  } catch (cause) {
    if (signal?.aborted || isAbort(cause)) throw cause
    throw new ApiError(0, 'network_error', 'The server could not be reached')
  }
  if (!response.ok) throw await apiErrorFrom(response)
  if (!response.body) throw new ChatStreamInterrupted()

  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const parser = createEventStreamParser()
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        if (signal?.aborted) throw abortError(signal)
        throw new ChatStreamInterrupted()
      }
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true })
      for (const raw of parser.push(text)) {
        const event = readChatEvent(raw)
        if (!event) continue
        if (event.event === 'delta') onDelta(event.data.text)
        else return event
      }
      if (chunk.done) throw new ChatStreamInterrupted()
    }
  } finally {
    // The answer is complete (or abandoned): free the connection without waiting for its end.
    reader.cancel().catch(() => undefined)
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The chat was left', 'AbortError')
}

/** True for the rejection of an aborted request, which is no failure to show. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'
}
