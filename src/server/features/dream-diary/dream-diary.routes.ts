import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createDreamSchema, dreamListSchema, dreamSchema, updateDreamSchema } from '../../../shared/contracts/dream-diary.ts'
import type { ListCache } from '../../lib/list-cache.ts'
import { currentUser } from '../../plugins/session.ts'
import type { DreamDiaryService } from './dream-diary.service.ts'

const params = z.object({ id: z.string() })
const tags = ['dreams']

export const dreamDiaryRoutes: FastifyPluginAsyncZod<{ service: DreamDiaryService; lists: ListCache }> = async (app, { service, lists }) => {
  app.addHook('onRequest', app.authenticate)

  // The list is read again only when the dreams changed: the session's query reads its version.
  app.get(
    '/dreams',
    { config: { collectionVersion: 'dreams' }, schema: { tags, summary: 'Your dreams, newest first', response: { 200: dreamListSchema } } },
    async (request, reply) => {
      const ownerId = currentUser(request).id
      return lists.send(request, reply, {
        ownerId,
        collection: 'dreams',
        version: request.collectionVersion,
        load: async () => ({ dreams: await service.listDreams(ownerId) }),
      })
    },
  )

  app.post('/dreams', { schema: { tags, summary: 'Write down a dream', body: createDreamSchema, response: { 201: dreamSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.createDream(currentUser(request).id, request.body)),
  )

  app.get('/dreams/:id', { schema: { tags, summary: 'One of your dreams', params, response: { 200: dreamSchema } } }, async (request) =>
    service.getDream(currentUser(request).id, request.params.id),
  )

  app.patch('/dreams/:id', { schema: { tags, summary: 'Change one of your dreams', params, body: updateDreamSchema, response: { 200: dreamSchema } } }, async (request) =>
    service.updateDream(currentUser(request).id, request.params.id, request.body),
  )

  app.delete('/dreams/:id', { schema: { tags, summary: 'Delete one of your dreams', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteDream(currentUser(request).id, request.params.id)
    return reply.status(204).send(null)
  })
}
