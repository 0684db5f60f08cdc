import { biographyChatEvents, type BiographyChatEvent, type BiographyChatMessage } from '../../../../shared/contracts/biography.ts'
import { readChatStreamEvent } from '../../../../shared/contracts/chat.ts'
import { createEventStreamParser, type ServerSentEvent } from '../../../../shared/event-stream.ts'
import { ApiError, apiErrorFrom } from '../../../lib/api-client.ts'

/**
 * The typed chat event of a raw one, checked against the contract; null for an event this client
 * does not know or whose data is not what the contract says (it is skipped, not trusted).
 */
export function readChatEvent(raw: ServerSentEvent): BiographyChatEvent | null {
  return readChatStreamEvent(biographyChatEvents, raw)
}

/** The stream stopped before saying how the reply ended: the connection dropped, or the server died. */
export class ChatStreamInterrupted extends Error {
  constructor() {
    super('The chat stream ended before its last event')
    this.name = 'ChatStreamInterrupted'
  }
}

/** How one exchange ended: the `done` or `error` event's data. */
export type ChatOutcome = Extract<BiographyChatEvent, { event: 'done' | 'error' }>

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
export async function sendChatMessage(body: BiographyChatMessage, { onDelta, signal }: SendChatOptions): Promise<ChatOutcome> {
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
