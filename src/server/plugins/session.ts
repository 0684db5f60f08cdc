import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fromNodeHeaders } from 'better-auth/node'
import { AppError } from '../lib/app-error.ts'

export interface SessionUser {
  id: string
  email: string
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null
  }
  interface FastifyInstance {
    /** Hook that answers 401 `unauthenticated` unless the request carries a live session. */
    authenticate(request: FastifyRequest): Promise<void>
    /** Every route as registered (method and URL pattern), for the tests that must cover them all. */
    routeTable: readonly { method: string; url: string }[]
  }
}

interface Options {
  findSessionUser(headers: Headers): Promise<SessionUser | null>
}

export const sessionPlugin = fp(async (app: FastifyInstance, { findSessionUser }: Options) => {
  app.decorateRequest('sessionUser', null)
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await findSessionUser(fromNodeHeaders(request.headers))
    if (!user) throw new AppError('unauthenticated', 'Sign in to continue')
    request.sessionUser = user
  })
})

/** The signed-in user of a route behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError('unauthenticated', 'Sign in to continue')
  return request.sessionUser
}
