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
import type { FastifyRequest } from 'fastify'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { currentUser } from '../../plugins/session.ts'
import type { InterviewService } from './interviews.service.ts'

const params = z.object({ id: z.string() })
const tags = ['interviews']

/** What the interview routes need of the family circle: the tree the person's pages show, with their role there. */
export interface InterviewAccess {
  require(userId: string, action: 'tree.read' | 'content.add' | 'content.change-any'): Promise<TreeActor & { treeId: string | null }>
  /** A viewer meets a living person, not opened up, as a name and a relation: none of their interviews. */
  isClosedToViewers(actor: TreeActor & { treeId: string | null }, memberId: string): Promise<boolean>
}

// Interviews are the tree's: read by everyone in it, told by those who add, changed by editors
// and by whoever told them.
export const interviewRoutes: FastifyPluginAsyncZod<{ service: InterviewService; circle: InterviewAccess }> = async (app, { service, circle }) => {
  app.addHook('onRequest', app.authenticate)
  const actor = (request: FastifyRequest, action: 'tree.read' | 'content.add' | 'content.change-any') => circle.require(currentUser(request).id, action)

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
    async (request) => {
      const reader = await actor(request, 'tree.read')
      const sessions = await service.list(reader.holderId, request.query.memberId)
      return { sessions: (await circle.isClosedToViewers(reader, request.query.memberId)) ? [] : sessions }
    },
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
    async (request) => {
      const reader = await actor(request, 'tree.read')
      return service.opening(reader.holderId, request.query.memberId, request.query.language, reader.userId)
    },
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
    async (request, reply) => sendEventStream(reply, await service.chat(await actor(request, 'content.add'), request.body)),
  )

  app.patch(
    '/interviews/:id',
    {
      schema: { tags, summary: 'Correct the words of an answer (the first words are kept)', params, body: updateInterviewSessionSchema, response: { 200: interviewSessionSchema } },
    },
    async (request) => service.correctAnswer(await actor(request, 'tree.read'), request.params.id, request.body.answer, request.body.language),
  )

  app.patch(
    '/interviews/conversations/:id',
    { schema: { tags, summary: 'Name a conversation with Ana (empty: its date and topic)', params, body: updateConversationSchema, response: { 200: conversationSchema } } },
    async (request) => service.renameConversation(await actor(request, 'content.add'), request.params.id, request.body.title),
  )

  app.delete('/interviews/:id', { schema: { tags, summary: 'Delete an interview session and its recordings', params, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteSession(await actor(request, 'tree.read'), request.params.id)
    return reply.status(204).send(null)
  })
}
