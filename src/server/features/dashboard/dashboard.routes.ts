import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { recentActivitySchema } from '../../../shared/contracts/dashboard.ts'
import { currentUser } from '../../plugins/session.ts'
import type { DashboardService } from './dashboard.service.ts'

export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/dashboard/recent',
    { schema: { tags: ['dashboard'], summary: 'What you saved last: your latest memory and your latest interview, to go on from', response: { 200: recentActivitySchema } } },
    async (request) => service.recent(currentUser(request).id),
  )
}
