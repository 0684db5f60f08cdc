import type { z } from 'zod'
import { readChatStreamEvent, type CarriedExchange, type ChatReplyErrorCode } from '../../../shared/contracts/chat.ts'
import { createEventStreamParser } from '../../../shared/event-stream.ts'
import { ApiError, apiErrorFrom } from '../api-client.ts'

/**
 * The events of one persona's stream, as `chatStreamEventsWith` builds them: every `done` carries
 * the reply and the unsaved exchange to carry; the feature adds what its finished exchange saves.
 */
export interface ChatEventSchemas {
  delta: z.ZodType<{ text: string }>
  done: z.ZodType<{ reply: string; carry: CarriedExchange | null }>
  error: z.ZodType<{ code: ChatReplyErrorCode; message: string }>
}

/** The data of a persona's `done` event: the reply, the carry and the feature's own fields. */
export type ChatDone<Events extends ChatEventSchemas> = z.infer<Events['done']>

/** How one exchange ended: the `done` or `error` event. */
export type ChatOutcome<Events extends ChatEventSchemas> = { event: 'done'; data: ChatDone<Events> } | { event: 'error'; data: z.infer<ChatEventSchemas['error']> }

/** What every chat message says; a feature adds its own fields (e.g. `memberId`). */
export interface ChatMessageBody {
  message: string
  language: string
  carried: CarriedExchange[]
}

/** The stream stopped before saying how the reply ended: the connection dropped, or the server died. */
export class ChatStreamInterrupted extends Error {
  constructor() {
    super('The chat stream ended before its last event')
    this.name = 'ChatStreamInterrupted'
  }
}

interface SendChatOptions {
  /** Called with each piece of the reply, in order, as it arrives. */
  onDelta: (text: string) => void
  signal?: AbortSignal
}

/**
 * Posts a message to a persona's chat endpoint and reads the answer stream, checking each event
 * against `events` (an event this client does not know, or whose data is not what the contract
 * says, is skipped, not trusted). Resolves with the final event; rejects with an `ApiError` when
 * the server refused the message (as `apiFetch` does), with `ChatStreamInterrupted` when the
 * stream broke off, or with the `AbortError` of `signal`.
 */
export async function sendChatMessage<Events extends ChatEventSchemas>(
  url: string,
  /** A chat message (`ChatMessageBody`), or a one-off request such as a memory to retell. */
  body: object,
  events: Events,
  { onDelta, signal }: SendChatOptions,
): Promise<ChatOutcome<Events>> {
  let response: Response
  try {
    response = await fetch(url, {
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
        // Read as the shapes every persona shares, so the event's name narrows its data.
        const event = readChatStreamEvent<ChatEventSchemas>(events, raw)
        if (!event) continue
        if (event.event === 'delta') onDelta(event.data.text)
        else return event as ChatOutcome<Events>
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
