import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { familyTimelineQuerySchema, familyTimelineSchema, onThisDayQuerySchema, onThisDaySchema, personTimelineSchema } from '../../../shared/contracts/timeline.ts'
import { currentUser } from '../../plugins/session.ts'
import { familyTimeline } from './timeline.family.ts'
import { onThisDay } from './timeline.on-this-day.ts'
import { personTimeline } from './timeline.person.ts'
import type { TimelineSources } from './timeline.sources.ts'

const tags = ['timeline']

export const timelineRoutes: FastifyPluginAsyncZod<{ sources: TimelineSources }> = async (app, { sources }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/timeline/members/:memberId',
    {
      schema: {
        tags,
        summary: 'One life in order: birth, marriages, children born, memories, interviews, photos by the day taken, death; the undated apart',
        params: z.object({ memberId: z.string().min(1).max(100) }),
        response: { 200: personTimelineSchema },
      },
    },
    async (request) => personTimeline(sources, currentUser(request).id, request.params.memberId),
  )

  app.get(
    '/timeline/family',
    {
      schema: {
        tags,
        summary: 'The family’s births, marriages and deaths by date (of one person’s branch: them, their ancestors and descendants), a page at a time',
        querystring: familyTimelineQuerySchema,
        response: { 200: familyTimelineSchema },
      },
    },
    async (request) => familyTimeline(sources, currentUser(request).id, request.query),
  )

  app.get(
    '/dashboard/on-this-day',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Memories and dreams of this day in earlier years, and the coming fortnight’s birthdays and anniversaries; `today` is the reader’s own date',
        querystring: onThisDayQuerySchema,
        response: { 200: onThisDaySchema },
      },
    },
    async (request) => onThisDay(sources, currentUser(request).id, request.query.today),
  )
}
