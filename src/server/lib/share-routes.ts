import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { shareWithTreeSchema } from '../../shared/contracts/family-circle.ts'
import { currentUser } from '../plugins/session.ts'

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

const params = z.object({ id: z.string() })
const shareParams = z.object({ id: z.string(), treeId: z.string() })

/**
 * `PUT <path>/:id/share` and `DELETE <path>/:id/share/:treeId` for an item of one's own that can be
 * shared with a tree (a memory, an AI-lab story): the same two routes, the same answers, whatever
 * the item. `share` answers the item as its list shows it, with the trees it is shared with.
 */
export function addShareRoutes(
  app: ZodApp,
  options: {
    path: string
    tags: string[]
    /** What the summaries call the item: "memories", "AI-lab memories". */
    what: string
    /** The item's schema, as the answer of `share`. */
    item: z.ZodType
    share(userId: string, id: string, treeId: string): Promise<unknown>
    unshare(userId: string, id: string, treeId: string): Promise<void>
  },
) {
  const { path, tags, what, item, share, unshare } = options
  app.put(
    `${path}/:id/share`,
    {
      schema: {
        tags,
        summary: `Share one of your ${what} with a tree you belong to (a role that adds to it); 404 for a tree you are not in`,
        params,
        body: shareWithTreeSchema,
        response: { 200: item },
      },
    },
    async (request) => share(currentUser(request).id, request.params.id, request.body.treeId),
  )
  app.delete(
    `${path}/:id/share/:treeId`,
    { schema: { tags, summary: `Stop sharing one of your ${what} with a tree`, params: shareParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await unshare(currentUser(request).id, request.params.id, request.params.treeId)
      return reply.status(204).send(null)
    },
  )
}
