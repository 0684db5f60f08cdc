import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body types the route takes instead of JSON, e.g. `application/offset+octet-stream` for
     * tus, or `multipart/form-data` for a file import. Every other route takes JSON bodies only.
     */
    bodyTypes?: readonly string[]
    /**
     * The route answers its own origin alone, on every method, reads and preflights included:
     * another origin learns nothing from it, not even whether an upload exists.
     */
    isOwnOriginOnly?: boolean
  }
}

/** The origin this request was addressed to: PUBLIC_URL when set, else scheme and Host. */
function ownOrigin(request: FastifyRequest, publicUrl?: string): string {
  if (publicUrl) return new URL(publicUrl).origin
  return `${request.protocol}://${request.host}`
}

/** Whether the request carries a body (a length above zero, or a chunked one). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** The media type of a Content-Type header, lower-case and without its parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * CSRF defence for every state-changing request (docs/architecture.md#security), whatever its path and however that
 * path is written (the router decodes `%61pi` into `api`, so the raw URL proves nothing): a
 * browser always names the page's origin (Origin, or Sec-Fetch-Site on older ones), and another
 * origin is refused. Clients that are not browsers send neither and are let through: they cannot
 * ride on a victim's cookies. A route marked `isOwnOriginOnly` is held to this on every method.
 * Then the body type: JSON everywhere, anything else only where the
 * route declares another (`config.bodyTypes`), so no form a foreign page can post is ever read.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl?: string }) => {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) && !request.routeOptions.config.isOwnOriginOnly) return
    const origin = request.headers.origin
    const site = request.headers['sec-fetch-site']
    if (origin === undefined) {
      if (site === 'cross-site' || site === 'same-site') throw new AppError('forbidden', 'Cross-origin request refused')
    } else if (origin !== ownOrigin(request, publicUrl) && !(origin === 'null' && site === 'same-origin')) {
      // A page sent with `Referrer-Policy: no-referrer` (ours) names its origin `null` when it
      // posts a form (a navigation, as the sign-in form without JavaScript): Sec-Fetch-Site then
      // says whether that page was our own. Any other `null` (a sandboxed frame) is refused.
      throw new AppError('forbidden', 'Cross-origin request refused')
    }
    if (!hasBody(request)) return
    const type = mediaType(request.headers['content-type'])
    const accepted = request.routeOptions.config.bodyTypes ?? ['application/json']
    if (accepted.includes(type)) return
    throw new AppError('unsupported_media_type', `This route takes ${accepted.join(' or ')} bodies, not ${type || 'an untyped body'}`)
  })
})
