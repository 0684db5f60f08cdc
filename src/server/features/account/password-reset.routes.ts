import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { passwordResetDeliverySchema, requestPasswordResetSchema, resetPasswordSchema } from '../../../shared/contracts/account.ts'
import type { PasswordResetService } from './password-reset.service.ts'

/** A forgotten password (docs/product.md#forgotten-password); all three answer anyone. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ service: PasswordResetService }> = async (app, { service }) => {
  app.get(
    '/auth/password-reset',
    { schema: { tags: ['account'], summary: 'How a forgotten password is recovered here: by e-mail, or through the operator', response: { 200: passwordResetDeliverySchema } } },
    async () => ({ delivery: service.delivery }),
  )

  app.post(
    '/auth/request-password-reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Ask for a reset link by e-mail; answered alike whether or not the e-mail has an account',
        body: requestPasswordResetSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.request(request.body, request.ip)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['account'],
        summary: "Set a new password with a reset link's token: every session of the person ends",
        body: resetPasswordSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.reset(request.body)
      return reply.status(204).send(null)
    },
  )
}
