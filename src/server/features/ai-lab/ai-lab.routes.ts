import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  aiLabMemoryListSchema,
  aiLabMemorySchema,
  aiLabStatusSchema,
  createAiLabMemorySchema,
  dreamReadingListQuerySchema,
  dreamReadingListSchema,
  dreamReadingRequestSchema,
  variationRequestSchema,
} from '../../../shared/contracts/ai-lab.ts'
import { sendEventStream } from '../../lib/chat/event-stream-reply.ts'
import { addShareRoutes } from '../../lib/share-routes.ts'
import { currentUser } from '../../plugins/session.ts'
import type { AiLabService } from './ai-lab.service.ts'

const params = z.object({ id: z.string() })
const tags = ['ai-lab']

export const aiLabRoutes: FastifyPluginAsyncZod<{ service: AiLabService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/ai-lab/status',
    { schema: { tags, summary: 'Which AI answers, and whether variations and dream readings can be made', response: { 200: aiLabStatusSchema } } },
    async () => service.status(),
  )

  app.post(
    '/ai-lab/variations',
    {
      schema: {
        tags,
        summary: 'Retell a memory as a fantastical variation; it streams as text/event-stream (delta…, then done or error). Nothing is saved; 503 ai_unavailable without a model',
        body: variationRequestSchema,
      },
    },
    async (request, reply) => {
      // The browser gone before the end (stopped, or the tab closed): the model stops writing.
      const left = new AbortController()
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort()
      })
      return sendEventStream(reply, await service.variation(currentUser(request).id, request.body, left.signal))
    },
  )

  app.get('/ai-lab/memories', { schema: { tags, summary: 'Your AI-lab memories, newest first', response: { 200: aiLabMemoryListSchema } } }, async (request) => ({
    memories: await service.listMemories(currentUser(request).id),
  }))

  app.post(
    '/ai-lab/memories',
    { schema: { tags, summary: 'Keep a memory as told, or with its variation', body: createAiLabMemorySchema, response: { 201: aiLabMemorySchema } } },
    async (request, reply) => reply.status(201).send(await service.saveMemory(currentUser(request).id, request.body)),
  )

  app.delete('/ai-lab/memories/:id', { schema: { tags, summary: 'Delete one of your AI-lab memories', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteMemory(currentUser(request).id, request.params.id)
    return reply.status(204).send(null)
  })

  addShareRoutes(app, {
    path: '/ai-lab/memories',
    tags,
    what: 'AI-lab memories',
    item: aiLabMemorySchema,
    share: (userId, id, treeId) => service.shareMemory(userId, id, treeId),
    unshare: (userId, id, treeId) => service.unshareMemory(userId, id, treeId),
  })

  app.get(
    '/ai-lab/dream-readings',
    { schema: { tags, summary: 'The readings of one of your dreams, newest first', querystring: dreamReadingListQuerySchema, response: { 200: dreamReadingListSchema } } },
    async (request) => ({ readings: await service.listReadings(currentUser(request).id, request.query.dreamId) }),
  )

  app.post(
    '/ai-lab/dream-readings',
    {
      schema: {
        tags,
        summary: 'Read one of your dreams; it streams as text/event-stream (delta…, then done with the saved reading, or error); 503 ai_unavailable without a model',
        body: dreamReadingRequestSchema,
      },
    },
    async (request, reply) => sendEventStream(reply, await service.readDream(currentUser(request).id, request.body)),
  )
}
