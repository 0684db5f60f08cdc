import { request as httpRequest } from 'node:http'
import type { z } from 'zod'
import { biographyChatEvents } from '../../shared/contracts/biography.ts'
import { readChatStreamEvent, type ChatStreamEventOf } from '../../shared/contracts/chat.ts'
import { parseEventStream } from '../../shared/event-stream.ts'
import type { TestUser } from './test-app.ts'

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

/**
 * Posts `body` to a streaming route over a real socket and closes the connection after the first
 * piece of the answer, as a closing tab (or a Stop button) does.
 */
export function leaveStreamAfterFirstPiece(address: string, user: TestUser, path: string, body: object): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const json = JSON.stringify(body)
    const request = httpRequest(`${address}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), cookie: user.cookie, origin: address },
    })
    request.on('response', (response) => {
      let seen = ''
      response.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        if (seen.includes('event: delta')) {
          request.destroy()
          resolve()
        }
      })
    })
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)))
    request.end(json)
  })
}
