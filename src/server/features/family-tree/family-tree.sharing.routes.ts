import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sharedMemoryListSchema } from '../../../shared/contracts/family-circle.ts'
import { currentUser } from '../../plugins/session.ts'
import type { SharingService } from './family-tree.sharing.service.ts'

const tags = ['family circle']
const params = z.object({ memberId: z.string() })

/** What the tree's people shared, read on the page of the member it is about. */
export const familySharingRoutes: FastifyPluginAsyncZod<{ service: SharingService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/family-tree/members/:memberId/shared-memories',
    {
      schema: {
        tags,
        summary:
          'The memories and AI-lab stories shared with the tree you are in by the person this member is, and memories shared about them, newest first (none for a viewer when the member is living and not opened up)',
        params,
        response: { 200: sharedMemoryListSchema },
      },
    },
    async (request) => ({ memories: await service.sharedAbout(currentUser(request).id, request.params.memberId) }),
  )
}
