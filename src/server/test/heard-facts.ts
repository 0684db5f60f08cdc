import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { FactList } from '../../shared/contracts/facts.ts'
import { interviewChatEvents } from '../../shared/contracts/interviews.ts'
import { readServerSentEvents } from './server-sent-events.ts'
import { as, type TestUser } from './test-app.ts'

/** Tells Ana about the member through the API; the id of the session kept. */
export async function tellAna(app: FastifyInstance, user: TestUser, memberId: string, message: string, language = 'es'): Promise<string> {
  const response = await as(app, user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId, message, language } })
  expect(response.statusCode, response.body).toBe(200)
  const done = readServerSentEvents(response.body, interviewChatEvents).find((event) => event.event === 'done')
  if (done?.event !== 'done' || !done.data.session) throw new Error(`no session kept: ${response.body}`)
  return done.data.session.id
}

/** What was heard about the member, as `user` reads it. */
export async function heardAbout(app: FastifyInstance, user: TestUser, memberId: string): Promise<FactList> {
  const response = await as(app, user)({ method: 'GET', url: `/api/facts?memberId=${memberId}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
