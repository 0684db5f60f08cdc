import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthSchema, type Health } from '../../../shared/contracts/health.ts'

interface Options {
  check(): Promise<Health>
}

export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { check }) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'Liveness and the configured backends', response: { 200: healthSchema } } }, () => check())
}
