import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { constellationSchema } from '../../../shared/contracts/constellations.ts'
import { currentUser } from '../../plugins/session.ts'
import type { ConstellationService } from './constellations.service.ts'

export const constellationRoutes: FastifyPluginAsyncZod<{ service: ConstellationService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/ai-lab/constellations',
    {
      schema: {
        tags: ['ai-lab'],
        summary:
          'The people, places and years that recur in what you told (your memories, dreams and lab stories, and the interviews of your tree), as stars and the lines between them',
        response: { 200: constellationSchema },
      },
    },
    async (request) => service.constellation(currentUser(request).id),
  )
}
