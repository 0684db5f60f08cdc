import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { searchAnswerSchema, searchQuerySchema } from '../../../shared/contracts/search.ts'
import { currentUser } from '../../plugins/session.ts'
import type { SearchService } from './search.service.ts'

const tags = ['search']

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary: 'Find words in what you may see: memories, interviews, dreams, stories, people and captions, grouped by kind',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => service.search(currentUser(request).id, request.query),
  )
}
