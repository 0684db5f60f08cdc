import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addMediaLinkSchema, mediaAssetSchema, mediaListQuerySchema, mediaListSchema, updateMediaSchema, uploadLimitsSchema } from '../../../shared/contracts/media.ts'
import { ObjectNotFoundError } from '../../integrations/storage/object-storage.ts'
import { AppError } from '../../lib/app-error.ts'
import { currentUser } from '../../plugins/session.ts'
import type { MediaService } from './media.service.ts'

const params = z.object({ id: z.string() })
const tags = ['media']
/** Shown by the browser itself; anything else is downloaded, never rendered. */
const inlineTypes = /^(image|audio|video)\/|^application\/pdf$/

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix` within `size`; undefined when unusable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  const start = match[1] === '' ? Math.max(size - Number(match[2]), 0) : Number(match[1])
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

export const mediaRoutes: FastifyPluginAsyncZod<{ service: MediaService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/media',
    {
      schema: {
        tags,
        summary: 'Media of one of your members (newest first) or of one of your memories (as attached)',
        querystring: mediaListQuerySchema,
        response: { 200: mediaListSchema },
      },
    },
    async (request) => {
      const { memberId, entryId } = request.query
      const userId = currentUser(request).id
      return { media: memberId ? await service.listFor(userId, 'member', memberId) : await service.listFor(userId, 'biographyEntry', entryId!) }
    },
  )

  app.get(
    '/media/limits',
    { schema: { tags, summary: 'The largest photo or document, and the largest audio or video, an upload may be', response: { 200: uploadLimitsSchema } } },
    async () => service.uploadLimits(),
  )

  app.get('/media/:id', { schema: { tags, summary: 'One of your media', params, response: { 200: mediaAssetSchema } } }, async (request) =>
    service.getMedia(currentUser(request).id, request.params.id),
  )

  app.patch('/media/:id', { schema: { tags, summary: 'Change the caption', params, body: updateMediaSchema, response: { 200: mediaAssetSchema } } }, async (request) =>
    service.updateCaption(currentUser(request).id, request.params.id, request.body.caption),
  )

  app.post(
    '/media/:id/links',
    {
      schema: {
        tags,
        summary: 'Link the file to one more of your things, as an upload to it would (an interview session: the session and its member)',
        params,
        body: addMediaLinkSchema,
        response: { 200: mediaAssetSchema },
      },
    },
    async (request) => service.addLinks(currentUser(request).id, request.params.id, request.body.linkedToType, request.body.linkedToId),
  )

  app.delete('/media/:id', { schema: { tags, summary: 'Delete the file, its thumbnail and every link', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteMedia(currentUser(request).id, request.params.id)
    return reply.status(204).send(null)
  })

  for (const variant of ['content', 'thumbnail'] as const) {
    app.get(
      `/media/:id/${variant}`,
      { schema: { tags, summary: variant === 'content' ? 'The file (Range requests allowed)' : 'A small WebP of an image', params } },
      async (request, reply) => {
        const { key, contentType, fileName, storage } = await service.locate(currentUser(request).id, request.params.id, variant)
        const size = await storage.size(key)
        if (size === undefined) throw new AppError('not_found', 'The file is missing from storage')
        const range = variant === 'content' ? parseRange(request.headers.range, size) : undefined
        if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).send()
        const disposition = inlineTypes.test(contentType) ? 'inline' : 'attachment'
        reply
          .header('Content-Type', contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`)
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
          // Family photos stay off the disk of a shared computer once the person signs out.
          .header('Cache-Control', 'private, no-store')
          .header('Accept-Ranges', 'bytes')
        try {
          if (range) {
            reply
              .status(206)
              .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
              .header('Content-Length', range.end - range.start + 1)
            return reply.send(await storage.get(key, range))
          }
          return reply.header('Content-Length', size).send(await storage.get(key))
        } catch (error) {
          if (error instanceof ObjectNotFoundError) throw new AppError('not_found', 'The file is missing from storage')
          throw error
        }
      },
    )
  }
}
