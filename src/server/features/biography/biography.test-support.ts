import { expect } from 'vitest'
import type { BiographyChatEvent as ChatStreamEvent, BiographyEntry } from '../../../shared/contracts/biography.ts'
import { leaveStreamAfterFirstPiece, readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, type TestApp, type TestUser } from '../../test/test-app.ts'

// Shared by the biography route tests (guided mode and against the Gemini fake).

export async function addSelf(t: TestApp, user: TestUser): Promise<string> {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().member.memberId
}

export async function chat(t: TestApp, user: TestUser, message: string, language = 'es', carried: unknown[] = []) {
  const response = await as(t.app, user)({ method: 'POST', url: '/api/biography/chat', payload: { message, language, carried } })
  return { response, events: response.statusCode === 200 ? readServerSentEvents(response.body) : [] }
}

export const replyOf = (events: ChatStreamEvent[]) => events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('')
export const last = (events: ChatStreamEvent[]) => events.at(-1)!

export async function entriesOf(t: TestApp, user: TestUser): Promise<BiographyEntry[]> {
  const response = await as(t.app, user)({ method: 'GET', url: '/api/biography/entries' })
  expect(response.statusCode).toBe(200)
  return response.json().entries
}

/** Opens a chat over a real socket and closes it after the first piece of the reply, as a closing tab does. */
export function leaveAfterFirstPiece(address: string, user: TestUser, message: string): Promise<void> {
  return leaveStreamAfterFirstPiece(address, user, '/api/biography/chat', { message })
}
