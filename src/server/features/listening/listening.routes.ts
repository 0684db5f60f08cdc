import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listeningLinkSchema } from '../../../shared/contracts/book.ts'
import { createListeningLinkSchema, listeningLinkListSchema, revokedListeningLinksSchema } from '../../../shared/contracts/listening.ts'
import { currentUser } from '../../plugins/session.ts'
import type { ListeningService } from './listening.service.ts'

const tags = ['listening links']

/** The person's own listening links: made, listed and revoked from the account page. */
export const listeningRoutes: FastifyPluginAsyncZod<{ service: ListeningService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/listening-links',
    { schema: { tags, summary: 'Your listening links, newest first (those past their end too)', response: { 200: listeningLinkListSchema } } },
    async (request) => service.list(currentUser(request).id),
  )

  app.post(
    '/listening-links',
    {
      schema: {
        tags,
        summary: 'A listening link to one of your own recordings: one you have that lasts as long, or a new one (404 for anything else)',
        body: createListeningLinkSchema,
        response: { 201: listeningLinkSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request).id, request.body)),
  )

  app.delete(
    '/listening-links/:id',
    { schema: { tags, summary: 'Revoke one of your listening links: its address answers 404 from now on', params: z.object({ id: z.string() }), response: { 204: z.null() } } },
    async (request, reply) => {
      await service.revoke(currentUser(request).id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.delete('/listening-links', { schema: { tags, summary: 'Revoke every listening link you made', response: { 200: revokedListeningLinksSchema } } }, async (request) => ({
    revoked: await service.revokeAll(currentUser(request).id),
  }))
}
