import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contactMessageReceiptSchema, createContactMessageSchema } from '../../../shared/contracts/contact.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { ContactService } from './contact.service.ts'

interface Options {
  service: ContactService
  findSessionUser(headers: Headers): Promise<SessionUser | null>
}

export const contactRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, findSessionUser }) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Leave a message for the people who run this Legado',
        body: createContactMessageSchema,
        response: { 201: contactMessageReceiptSchema },
      },
    },
    async (request, reply) => {
      const user = await findSessionUser(fromNodeHeaders(request.headers))
      return reply.status(201).send(await service.receive(request.body, user?.id ?? null, request.ip))
    },
  )
}
