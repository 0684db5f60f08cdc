import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { fromNodeHeaders } from 'better-auth/node'
import { AppError } from '../lib/app-error.ts'
import { pageFormPosts } from './page-form-posts.ts'
import { loadPrerenderedPages, sendPrerenderedPage } from './prerendered-pages.ts'

/**
 * Serves the built React app: hashed assets cached for a year, each compressed ahead of time when
 * the build made a compressed copy. Every other non-API path gets the build's pre-rendered page in
 * the visitor's language (the public pages, the app shell for the signed-in ones, else the 404
 * page), or index.html from a build without them; the public pages' forms are answered when
 * posted without JavaScript (page-form-posts.ts). Unknown /api paths answer JSON 404.
 */
interface Options {
  webRoot?: string
  /** The signed-in person of a request (the session cookie checked), to choose a signed-in page's shell. */
  findSessionUser(headers: Headers): Promise<{ id: string } | null>
}

export const webAppPlugin = fp(async (app: FastifyInstance, { webRoot, findSessionUser }: Options) => {
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'))
  const pages = hasWeb ? loadPrerenderedPages(webRoot) : undefined
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; the browser's Accept-Encoding picks.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
    // The sign-in, sign-up and contact forms, posted before the scripts arrive or without them.
    if (pages) await app.register(pageFormPosts, { pages, webRoot })
  } else {
    app.log.warn({ webRoot }, 'no built web app found: serving the API only (run `npm run build`)')
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/')
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      if (pages) return sendPrerenderedPage(request, reply, pages, async (pageRequest) => (await findSessionUser(fromNodeHeaders(pageRequest.headers))) !== null)
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
    }
    throw new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`)
  })
})
