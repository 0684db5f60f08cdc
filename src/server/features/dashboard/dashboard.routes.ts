import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { recentActivitySchema } from '../../../shared/contracts/dashboard.ts'
import { familyNewsSchema } from '../../../shared/contracts/family-circle.ts'
import { currentUser } from '../../plugins/session.ts'
import type { DashboardService } from './dashboard.service.ts'

export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/dashboard/recent',
    { schema: { tags: ['dashboard'], summary: 'What you saved last: your latest memory and your latest interview, to go on from', response: { 200: recentActivitySchema } } },
    async (request) => service.recent(currentUser(request).id),
  )

  app.get(
    '/dashboard/family-news',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'What others added to your tree since you last marked it seen (the last month at most), newest first',
        response: { 200: familyNewsSchema },
      },
    },
    async (request) => service.familyNews(currentUser(request).id),
  )

  app.post(
    '/dashboard/family-news/seen',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Mark the family news up to `until` as seen',
        body: z.object({ until: z.iso.datetime({ offset: true }) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.markNewsSeen(currentUser(request).id, new Date(request.body.until).toISOString())
      return reply.status(204).send(null)
    },
  )
}
