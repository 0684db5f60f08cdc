import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  biographyEntryListSchema,
  biographyEntrySchema,
  chatMessageSchema,
  chatOpeningQuerySchema,
  chatOpeningSchema,
  createBiographyEntrySchema,
  updateBiographyEntrySchema,
  type ChatStreamEvent,
} from '../../../shared/contracts/biography.ts'
import { currentUser } from '../../plugins/session.ts'
import type { BiographyService } from './biography.service.ts'

const params = z.object({ id: z.string() })
const tags = ['biography']

/** Server-sent events: a comment first, so the browser knows at once that the reply has begun. */
async function* serverSentEvents(events: AsyncIterable<ChatStreamEvent>): AsyncGenerator<string> {
  yield ': cronos\n\n'
  for await (const { event, data } of events) yield `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

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
    { schema: { tags, summary: 'Change the title, event date or attached media of a memory', params, body: updateBiographyEntrySchema, response: { 200: biographyEntrySchema } } },
    async (request) => service.updateEntry(currentUser(request).id, request.params.id, request.body),
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
        body: chatMessageSchema,
      },
    },
    async (request, reply) => {
      const events = await service.chat(currentUser(request).id, request.body.message, request.body.language)
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-transform')
        .header('X-Accel-Buffering', 'no')
        .send(Readable.from(serverSentEvents(events)))
    },
  )
}
