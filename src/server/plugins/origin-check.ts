import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The origin this request was addressed to: PUBLIC_URL when set, else scheme and Host. */
function ownOrigin(request: FastifyRequest, publicUrl?: string): string {
  if (publicUrl) return new URL(publicUrl).origin
  return `${request.protocol}://${request.host}`
}

/**
 * CSRF defence for every state-changing API request (DESIGN §4): a browser always names the page's
 * origin (Origin, or Sec-Fetch-Site on older ones); another origin is refused. Clients that are not
 * browsers send neither and are let through: they cannot ride on a victim's cookies.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl?: string }) => {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return
    const origin = request.headers.origin
    if (origin !== undefined) {
      if (origin === 'null' || origin !== ownOrigin(request, publicUrl)) {
        throw new AppError('forbidden', 'Cross-origin request refused')
      }
      return
    }
    const site = request.headers['sec-fetch-site']
    if (site === 'cross-site' || site === 'same-site') throw new AppError('forbidden', 'Cross-origin request refused')
  })
})
