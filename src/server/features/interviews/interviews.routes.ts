import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { chatOpeningSchema, conversationSchema, updateConversationSchema } from '../../../shared/contracts/chat.ts'
import {
  interviewChatMessageSchema,
  interviewListQuerySchema,
  interviewOpeningQuerySchema,
  interviewSessionListSchema,
  interviewSessionSchema,
  updateInterviewSessionSchema,
} from '../../../shared/contracts/interviews.ts'
import { sendEventStream } from '../../lib/chat/event-stream-reply.ts'
import { currentUser } from '../../plugins/session.ts'
import type { InterviewService } from './interviews.service.ts'

const params = z.object({ id: z.string() })
const tags = ['interviews']

export const interviewRoutes: FastifyPluginAsyncZod<{ service: InterviewService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/interviews',
    {
      schema: {
        tags,
        summary: 'The interview sessions about one of your members, oldest first',
        querystring: interviewListQuerySchema,
        response: { 200: interviewSessionListSchema },
      },
    },
    async (request) => ({ sessions: await service.list(currentUser(request).id, request.query.memberId) }),
  )

  app.get(
    '/interviews/chat',
    {
      schema: {
        tags,
        summary: 'How Ana opens the interview about a member, and which AI mode answers',
        querystring: interviewOpeningQuerySchema,
        response: { 200: chatOpeningSchema },
      },
    },
    async (request) => service.opening(currentUser(request).id, request.query.memberId, request.query.language),
  )

  app.post(
    '/interviews/chat',
    {
      schema: {
        tags,
        summary: 'Tell Ana about a member; the reply streams as text/event-stream (delta…, then done with the saved session, or error)',
        body: interviewChatMessageSchema,
      },
    },
    async (request, reply) => sendEventStream(reply, await service.chat(currentUser(request).id, request.body)),
  )

  app.patch(
    '/interviews/:id',
    {
      schema: { tags, summary: 'Correct the words of an answer (the first words are kept)', params, body: updateInterviewSessionSchema, response: { 200: interviewSessionSchema } },
    },
    async (request) => service.correctAnswer(currentUser(request).id, request.params.id, request.body.answer),
  )

  app.patch(
    '/interviews/conversations/:id',
    { schema: { tags, summary: 'Name a conversation with Ana (empty: its date and topic)', params, body: updateConversationSchema, response: { 200: conversationSchema } } },
    async (request) => service.renameConversation(currentUser(request).id, request.params.id, request.body.title),
  )

  app.delete('/interviews/:id', { schema: { tags, summary: 'Delete an interview session and its recordings', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteSession(currentUser(request).id, request.params.id)
    return reply.status(204).send(null)
  })
}
