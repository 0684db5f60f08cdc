import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { changePasswordSchema, deleteAccountSchema, meSchema, sessionStateSchema, signInSchema, signUpSchema, updateMeSchema } from '../../../shared/contracts/account.ts'
import { AppError } from '../../lib/app-error.ts'
import { currentUser, sendSessionCookies } from '../../plugins/session.ts'
import type { AccountService } from './account.service.ts'

const authResultSchema = z.object({ user: meSchema })

/** Headers for better-auth, with the client's address (after TRUST_PROXY) for its session record. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers)
  headers.set('x-forwarded-for', request.ip)
  return headers
}

/**
 * The answer without the session's token: it lives in an httpOnly cookie so that no script can
 * read it, and get-session's body would hand it to any script that asks.
 */
function withoutToken(text: string): string {
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && 'session' in body && body.session && typeof body.session === 'object' && 'token' in body.session) {
      delete (body.session as { token?: unknown }).token
      return JSON.stringify(body)
    }
  } catch {
    // Not JSON: passed on as it came.
  }
  return text
}

/** The cookies better-auth sets for a session (`cookiePrefix` legado). */
const sessionCookieNames = ['legado.session_token', 'legado.session_data', 'legado.dont_remember']

/** better-auth endpoints passed through untouched; every other one of its paths answers 404. */
const forwarded = new Set(['POST /api/auth/sign-out', 'GET /api/auth/get-session', 'POST /api/auth/revoke-sessions'])

export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  app.post(
    '/auth/sign-up/email',
    { schema: { tags: ['account'], summary: 'Create an account and sign in', body: signUpSchema, response: { 200: authResultSchema } } },
    async (request, reply) => {
      const { user, cookies } = await service.signUp(request.body, authHeaders(request), request.ip)
      sendSessionCookies(request, reply, cookies)
      return { user }
    },
  )

  app.post(
    '/auth/sign-in/email',
    { schema: { tags: ['account'], summary: 'Sign in with e-mail and password', body: signInSchema, response: { 200: authResultSchema } } },
    async (request, reply) => {
      const { user, cookies } = await service.signIn(request.body, authHeaders(request), request.ip)
      sendSessionCookies(request, reply, cookies)
      return { user }
    },
  )

  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Change your password: every session ends, this device gets a new one',
        body: changePasswordSchema,
        response: { 200: authResultSchema },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await service.changePassword(currentUser(request), request.body, authHeaders(request))
      sendSessionCookies(request, reply, cookies)
      return { user }
    },
  )

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { tags: ['account'], summary: 'sign-out and revoke-sessions (POST: this device, or every device) and get-session (GET), answered by better-auth' },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]
      if (!forwarded.has(`${request.method} ${path}`)) throw new AppError('not_found', 'No such auth endpoint')
      const response = await service.forward(
        new Request(`${request.protocol}://${request.host}${request.url}`, {
          method: request.method,
          headers: authHeaders(request),
          body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
        }),
      )
      sendSessionCookies(request, reply, response.headers.getSetCookie())
      const text = await response.text()
      if (!response.ok) {
        request.log.warn({ status: response.status }, 'better-auth refused a forwarded request')
        throw new AppError(response.status === 401 ? 'unauthenticated' : 'validation_failed', 'The auth request was refused')
      }
      return reply
        .status(response.status)
        .type('application/json; charset=utf-8')
        .send(withoutToken(text) || 'null')
    },
  })

  // The web asks this on every page: a visitor gets `{ user: null }` with 200, so a signed-out page
  // load leaves no failed request in the browser's console; /me keeps answering 401.
  app.get(
    '/session',
    { schema: { tags: ['account'], summary: 'Who is signed in on this device (user is null for a visitor)', response: { 200: sessionStateSchema } } },
    async (request, reply) => {
      try {
        await app.authenticate(request, reply)
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated') return { user: null }
        throw error
      }
      return { user: await service.getMe(currentUser(request).id) }
    },
  )

  app.get('/me', { onRequest: app.authenticate, schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema } } }, async (request) =>
    service.getMe(currentUser(request).id),
  )

  app.delete(
    '/me',
    {
      onRequest: app.authenticate,
      schema: { tags: ['account'], summary: 'Delete your account and everything in it (needs your password)', body: deleteAccountSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteAccount(currentUser(request), request.body)
      // The session is gone with the account; the browser forgets its cookies too.
      sendSessionCookies(
        request,
        reply,
        sessionCookieNames.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`),
      )
      return reply.status(204).send(null)
    },
  )

  app.patch(
    '/me',
    { onRequest: app.authenticate, schema: { tags: ['account'], summary: 'Update your profile', body: updateMeSchema, response: { 200: meSchema } } },
    async (request) => service.updateMe(currentUser(request).id, request.body),
  )
}
