import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addMediaLinkSchema, mediaAssetSchema, mediaListQuerySchema, mediaListSchema, updateMediaSchema, uploadLimitsSchema } from '../../../shared/contracts/media.ts'
import { roleMay, type TreeActor } from '../../../shared/family-tree/roles.ts'
import { notFound } from '../../lib/app-error.ts'
import { sendStoredObject } from '../../lib/stored-object-reply.ts'
import { currentUser } from '../../plugins/session.ts'
import type { MediaService } from './media.service.ts'

const params = z.object({ id: z.string() })
const tags = ['media']

/** What the media routes need of the family circle: the tree the person's pages show, and their role there. */
export interface MediaAccess {
  access(userId: string): Promise<TreeActor & { treeId: string | null }>
  require(userId: string, action: 'tree.read'): Promise<TreeActor & { treeId: string | null }>
  /** A viewer meets a living person, not opened up, as a name and a relation: none of their photos. */
  isClosedToViewers(actor: TreeActor & { treeId: string | null }, memberId: string): Promise<boolean>
}

export const mediaRoutes: FastifyPluginAsyncZod<{ service: MediaService; circle: MediaAccess }> = async (app, { service, circle }) => {
  app.addHook('onRequest', app.authenticate)
  /**
   * The owner of the asset as this person may reach it (their own, or of the tree they share). A
   * viewer meets a living person not opened up as a name and a relation, so a file of the tree
   * whose every member is closed to them is not found by its id either, as it is not in the
   * members' lists.
   */
  const ownerFor = async (request: FastifyRequest, id: string, purpose: 'read' | 'change') => {
    const actor = await circle.access(currentUser(request).id)
    const owner = await service.reachable(actor, id, purpose)
    // A file reached as a shared memory's (another's, or one of nobody in the tree) was already
    // held back from a viewer when every card the memory shows on is closed to them.
    if (owner === actor.userId || owner !== actor.holderId || roleMay(actor.role, 'tree.see-living')) return owner
    const { linkedToMemberIds } = await service.getMedia(owner, id)
    if (linkedToMemberIds.length === 0) return owner
    for (const memberId of linkedToMemberIds) if (!(await circle.isClosedToViewers(actor, memberId))) return owner
    throw notFound('Media')
  }

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
      // A member's files are the tree's; a memory's are its author's.
      if (memberId) {
        const reader = await circle.require(userId, 'tree.read')
        const media = await service.listFor(reader.holderId, 'member', memberId)
        return { media: (await circle.isClosedToViewers(reader, memberId)) ? [] : media }
      }
      return { media: await service.listFor(userId, 'biographyEntry', entryId!) }
    },
  )

  app.get(
    '/media/limits',
    { schema: { tags, summary: 'The largest photo or document, and the largest audio or video, an upload may be', response: { 200: uploadLimitsSchema } } },
    async () => service.uploadLimits(),
  )

  app.get('/media/:id', { schema: { tags, summary: 'One of your media, or of the people of your tree', params, response: { 200: mediaAssetSchema } } }, async (request) =>
    service.getMedia(await ownerFor(request, request.params.id, 'read'), request.params.id),
  )

  app.patch('/media/:id', { schema: { tags, summary: 'Change the caption', params, body: updateMediaSchema, response: { 200: mediaAssetSchema } } }, async (request) =>
    service.updateCaption(await ownerFor(request, request.params.id, 'change'), request.params.id, request.body.caption),
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
    async (request) => service.addLinks(await ownerFor(request, request.params.id, 'change'), request.params.id, request.body.linkedToType, request.body.linkedToId),
  )

  app.delete('/media/:id', { schema: { tags, summary: 'Delete the file, its thumbnail and every link', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteMedia(await ownerFor(request, request.params.id, 'change'), request.params.id)
    return reply.status(204).send(null)
  })

  for (const variant of ['content', 'thumbnail'] as const) {
    app.get(
      `/media/:id/${variant}`,
      { schema: { tags, summary: variant === 'content' ? 'The file (Range requests allowed)' : 'A small WebP of an image', params } },
      async (request, reply) => {
        const file = await service.locate(await ownerFor(request, request.params.id, 'read'), request.params.id, variant)
        return sendStoredObject(reply, file, { rangeHeader: request.headers.range, ranges: variant === 'content' })
      },
    )
  }
}
