import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { acceptedFactSchema, acceptFactSchema, factListQuerySchema, factListSchema } from '../../../shared/contracts/facts.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { currentUser } from '../../plugins/session.ts'
import type { FactService } from './facts.service.ts'

const params = z.object({ id: z.string() })
const tags = ['facts']

/** What the facts routes need of the family circle: the tree the person's pages show, with their role there. */
export interface FactAccess {
  require(userId: string, action: 'tree.read' | 'tree.edit'): Promise<TreeActor & { treeId: string | null }>
  /** A viewer meets a living person, not opened up, as a name and a relation: nothing heard about them. */
  isClosedToViewers(actor: TreeActor & { treeId: string | null }, memberId: string): Promise<boolean>
}

// What was heard is read by everyone in the tree (as the interviews are); only those who edit the
// tree decide what goes into it.
export const factRoutes: FastifyPluginAsyncZod<{ service: FactService; circle: FactAccess }> = async (app, { service, circle }) => {
  app.addHook('onRequest', app.authenticate)
  const actor = (request: FastifyRequest, action: 'tree.read' | 'tree.edit') => circle.require(currentUser(request).id, action)

  app.get(
    '/facts',
    {
      schema: {
        tags,
        summary: 'What was heard about a member: open proposals, the citations of accepted facts, and what is still unknown',
        querystring: factListQuerySchema,
        response: { 200: factListSchema },
      },
    },
    async (request) => {
      const reader = await actor(request, 'tree.read')
      const { memberId, language } = request.query
      if (await circle.isClosedToViewers(reader, memberId)) return { open: [], cited: [], unknown: [] }
      return service.list(reader.holderId, memberId, language)
    },
  )

  app.post(
    '/facts/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept a heard fact, as heard or edited: it fills the card (replace confirms overwriting what the tree holds)',
        params,
        body: acceptFactSchema,
        response: { 200: acceptedFactSchema },
      },
    },
    async (request) => service.accept(await actor(request, 'tree.edit'), request.params.id, request.body),
  )

  app.post('/facts/:id/dismiss', { schema: { tags, summary: 'Dismiss a heard fact: it is not proposed again', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.dismiss(await actor(request, 'tree.edit'), request.params.id)
    return reply.status(204).send(null)
  })
}
