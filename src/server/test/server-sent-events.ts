import type { z } from 'zod'
import { biographyChatEvents } from '../../shared/contracts/biography.ts'
import { readChatStreamEvent, type ChatStreamEventOf } from '../../shared/contracts/chat.ts'
import { parseEventStream } from '../../shared/event-stream.ts'

type EventSchemas = Record<'delta' | 'done' | 'error', z.ZodType>

/** The events of a whole `text/event-stream` body, each checked against its contract (Cronos' by default). */
export function readServerSentEvents<Events extends EventSchemas = typeof biographyChatEvents>(body: string, schemas?: Events): ChatStreamEventOf<Events>[] {
  const events = (schemas ?? biographyChatEvents) as Events
  return parseEventStream(body).map((raw) => {
    const event = readChatStreamEvent(events, raw)
    if (!event) throw new Error(`unknown or malformed event ${raw.event}: ${raw.data}`)
    return event
  })
}
