import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type AttemptLimiter, takeEach } from '../../lib/attempt-limiter.ts'
import { AppError } from '../../lib/app-error.ts'
import { addressKey } from '../../lib/client-address.ts'
import { sendStoredObject } from '../../lib/stored-object-reply.ts'
import { visitorLanguage } from '../../plugins/visitor-language.ts'
import { goneListeningPage, listeningPage } from './listening.page.ts'
import type { ListeningService } from './listening.service.ts'

const params = z.object({ token: z.string().max(100) })
const tags = ['listening links']

/** The page plays one recording and loads nothing else; no script runs, no other site is named. */
const pagePolicy = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * The listening page and its recording, for whoever holds a link's token, with no session. Every
 * request counts against its address; one whose token opens nothing counts as a miss too, and an
 * address that missed too often is refused for the rest of the hour, so guessing tokens is pointless
 * while a family listening to a whole book from one home connection never meets the limit.
 */
export const listeningPublicRoutes: FastifyPluginAsyncZod<{ service: ListeningService; limiters: { requests: AttemptLimiter; misses: AttemptLimiter } }> = async (
  app,
  { service, limiters },
) => {
  /** What the token opens; counted against the address, and given back as a miss when it opens something. */
  async function opened(ip: string, token: string) {
    const address = [addressKey(ip)]
    await takeEach([() => limiters.requests.take(address), () => limiters.misses.take(address)])
    const found = await service.open(token)
    if (found) await limiters.misses.release(address)
    return found
  }

  app.addHook('onSend', async (_request, reply) => {
    // Nothing here is for search engines, for a cache, or for the next site to learn the address from.
    reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store')
  })

  app.get('/l/:token', { schema: { tags, summary: 'The listening page of a recording (HTML, no session needed)', params } }, async (request, reply) => {
    const found = await opened(request.ip, request.params.token)
    reply.type('text/html; charset=utf-8').header('Content-Security-Policy', pagePolicy)
    if (!found) {
      const language = visitorLanguage({ acceptLanguage: request.headers['accept-language'] })
      return reply.status(404).send(goneListeningPage(language))
    }
    return reply.send(listeningPage(found.language, found.recording, `/l/${encodeURIComponent(request.params.token)}/audio`))
  })

  app.get('/l/:token/audio', { schema: { tags, summary: 'The recording of a listening link (Range requests allowed, no session needed)', params } }, async (request, reply) => {
    const found = await opened(request.ip, request.params.token)
    if (!found) throw new AppError('not_found', 'No recording answers this address')
    const { storage, key, contentType } = found.recording
    return sendStoredObject(reply, { storage, key, contentType }, { rangeHeader: request.headers.range, ranges: true })
  })
}
