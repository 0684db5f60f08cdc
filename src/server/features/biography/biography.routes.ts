import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  biographyChatMessageSchema,
  biographyEntryListSchema,
  biographyEntrySchema,
  createBiographyEntrySchema,
  updateBiographyEntrySchema,
} from '../../../shared/contracts/biography.ts'
import { chatOpeningQuerySchema, chatOpeningSchema, conversationSchema, updateConversationSchema } from '../../../shared/contracts/chat.ts'
import { sendEventStream } from '../../lib/chat/event-stream-reply.ts'
import { addShareRoutes } from '../../lib/share-routes.ts'
import { currentUser } from '../../plugins/session.ts'
import type { BiographyService } from './biography.service.ts'

const params = z.object({ id: z.string() })
const tags = ['biography']

export const biographyRoutes: FastifyPluginAsyncZod<{ service: BiographyService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get('/biography/entries', { schema: { tags, summary: 'Your memories, newest first', response: { 200: biographyEntryListSchema } } }, async (request) => ({
    entries: await service.listEntries(currentUser(request).id),
  }))

  app.post(
    '/biography/entries',
    { schema: { tags, summary: 'Write a memory by hand', body: createBiographyEntrySchema, response: { 201: biographyEntrySchema } } },
    async (request, reply) => reply.status(201).send(await service.createEntry(currentUser(request).id, request.body)),
  )

  app.patch(
    '/biography/entries/:id',
    {
      schema: {
        tags,
        summary: 'Change the title, event date (as written, in `language`), attached media or the words of a memory (the first words are kept)',
        params,
        body: updateBiographyEntrySchema,
        response: { 200: biographyEntrySchema },
      },
    },
    async (request) => service.updateEntry(currentUser(request).id, request.params.id, request.body),
  )

  addShareRoutes(app, {
    path: '/biography/entries',
    tags,
    what: 'memories (with its files)',
    item: biographyEntrySchema,
    share: (userId, id, treeId) => service.shareEntry(userId, id, treeId),
    unshare: (userId, id, treeId) => service.unshareEntry(userId, id, treeId),
  })

  app.patch(
    '/biography/conversations/:id',
    { schema: { tags, summary: 'Name a conversation with Cronos (empty: its date and topic)', params, body: updateConversationSchema, response: { 200: conversationSchema } } },
    async (request) => service.renameConversation(currentUser(request).id, request.params.id, request.body.title),
  )

  app.delete(
    '/biography/entries/:id',
    { schema: { tags, summary: 'Delete a memory and the files attached to it', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteEntry(currentUser(request).id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/biography/chat',
    { schema: { tags, summary: 'How Cronos opens the conversation, and which AI mode answers', querystring: chatOpeningQuerySchema, response: { 200: chatOpeningSchema } } },
    async (request) => service.opening(currentUser(request).id, request.query.language),
  )

  app.post(
    '/biography/chat',
    {
      schema: {
        tags,
        summary: 'Tell Cronos something; the reply streams as text/event-stream (delta…, then done or error) and the exchange is saved',
        body: biographyChatMessageSchema,
      },
    },
    async (request, reply) => sendEventStream(reply, await service.chat(currentUser(request).id, request.body)),
  )
}
