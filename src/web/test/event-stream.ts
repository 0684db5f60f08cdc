import { act } from '@testing-library/react'
import { formatServerSentEvent } from '../../shared/event-stream.ts'

/** One event of a chat stream as a test writes it (any persona's, or a malformed one). */
export interface StreamEvent {
  event: string
  data: unknown
}

/** The wire form of one event, as the server writes it. */
export const eventText = ({ event, data }: StreamEvent): string => formatServerSentEvent(event, data)

/**
 * A `text/event-stream` answer whose body the test writes when it wants: whole events, raw text
 * cut anywhere, the end of the stream, or a dropped connection. Each write runs inside `act`
 * and waits a turn, so the screen has caught up when it returns.
 */
export function controlledEventStream<Event extends StreamEvent = StreamEvent>() {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(control) {
      controller = control
    },
  })
  const response = new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } })

  async function write(action: () => void) {
    await act(async () => {
      action()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }

  return {
    response,
    /** Writes raw text (part of an event, several events, anything). */
    raw: (text: string) => write(() => controller.enqueue(encoder.encode(text))),
    /** Writes bytes as they came off the network, e.g. half of a multi-byte character. */
    bytes: (bytes: Uint8Array) => write(() => controller.enqueue(bytes)),
    send: (event: Event) => write(() => controller.enqueue(encoder.encode(eventText(event)))),
    delta: (text: string) => write(() => controller.enqueue(encoder.encode(eventText({ event: 'delta', data: { text } })))),
    close: () => write(() => controller.close()),
    /** The connection drops mid-stream. */
    drop: () => write(() => controller.error(new TypeError('network error'))),
  }
}

export type ControlledEventStream<Event extends StreamEvent = StreamEvent> = ReturnType<typeof controlledEventStream<Event>>

/** A complete answer stream, sent in one piece. */
export function eventStreamResponse(events: StreamEvent[]): Response {
  const text = events.map(eventText).join('')
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } })
}
