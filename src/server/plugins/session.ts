import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fromNodeHeaders } from 'better-auth/node'
import { AppError } from '../lib/app-error.ts'
import type { Collection } from '../lib/collection-versions.ts'

export interface SessionUser {
  id: string
  email: string
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null
    /** The version of the route's `config.collectionVersion` list, read with the session. */
    collectionVersion: string | null
  }
  interface FastifyContextConfig {
    /** A list whose version the session's query reads as well (see lib/list-cache.ts). */
    collectionVersion?: Collection
  }
  interface FastifyInstance {
    /**
     * Hook that answers 401 `unauthenticated` unless the request carries a live session; given the
     * reply, it also passes on a renewed session cookie when the session's expiry slid forward.
     */
    authenticate(request: FastifyRequest, reply?: FastifyReply): Promise<void>
    /** Every route as registered (method and URL pattern), for the tests that must cover them all. */
    routeTable: readonly { method: string; url: string }[]
  }
}

interface Options {
  findSession(headers: Headers, collection?: Collection): Promise<{ user: SessionUser; cookies: string[]; collectionVersion: string | null } | null>
}

/** Behind HTTPS (directly or through a trusted proxy) every session cookie is Secure. */
export function sendSessionCookies(request: FastifyRequest, reply: FastifyReply, cookies: string[]) {
  if (cookies.length === 0) return
  const secure = request.protocol === 'https'
  reply.header(
    'set-cookie',
    cookies.map((cookie) => (secure && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie)),
  )
}

export const sessionPlugin = fp(async (app: FastifyInstance, { findSession }: Options) => {
  app.decorateRequest('sessionUser', null)
  app.decorateRequest('collectionVersion', null)
  app.decorate('authenticate', async (request: FastifyRequest, reply?: FastifyReply) => {
    const session = await findSession(fromNodeHeaders(request.headers), request.routeOptions.config.collectionVersion)
    if (!session) throw new AppError('unauthenticated', 'Sign in to continue')
    request.sessionUser = session.user
    request.collectionVersion = session.collectionVersion
    if (reply) sendSessionCookies(request, reply, session.cookies)
  })
})

/** The signed-in user of a route behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError('unauthenticated', 'Sign in to continue')
  return request.sessionUser
}
