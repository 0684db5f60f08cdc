import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createMemberSchema, createOwnCardSchema, familyTreeSchema, memberFactsSchema, memberSchema, updateMemberSchema } from '../../../shared/contracts/family-tree.ts'
import { createPacer, pacedJsonChunks } from '../../lib/cooperative.ts'
import { sendJsonChunks } from '../../plugins/json-compression.ts'
import { currentUser } from '../../plugins/session.ts'
import type { FamilyTreeService } from './family-tree.service.ts'

const params = z.object({ memberId: z.string() })
const memberResult = z.object({ member: memberSchema })
const memberFactsResult = z.object({ member: memberFactsSchema })
const tags = ['family tree']

export const familyTreeRoutes: FastifyPluginAsyncZod<{ service: FamilyTreeService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  // The tree is written out in slices rather than by the route's serializer: one JSON.stringify
  // (and one validation) of 100,000 people would hold every other request. The schema still
  // describes the answer, and the tests check every answer against it.
  app.get('/family-tree', { schema: { tags, summary: 'Your family tree and its members', response: { 200: familyTreeSchema } } }, async (request, reply) => {
    const tree = await service.getTree(currentUser(request).id)
    return sendJsonChunks(request, reply, await pacedJsonChunks(tree, createPacer()))
  })

  app.get(
    '/family-tree/members/:memberId',
    {
      schema: {
        tags,
        summary: 'One member and the people one link away, without the rest of the tree; 404 family_tree.no_tree when you have no tree',
        params,
        response: { 200: memberFactsResult },
      },
    },
    async (request) => ({ member: await service.getMemberFacts(currentUser(request).id, request.params.memberId) }),
  )

  app.post(
    '/family-tree/members',
    { schema: { tags, summary: 'Add a member (the tree is created with the first)', body: createMemberSchema, response: { 201: memberResult } } },
    async (request, reply) => reply.status(201).send({ member: await service.addMember(currentUser(request).id, request.body) }),
  )

  app.post(
    '/family-tree/own-card',
    {
      schema: {
        tags,
        summary: 'Make your own card from your full name (and birth date as you know it); 400 member.self_exists when you have one',
        body: createOwnCardSchema,
        response: { 201: memberResult },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id
      const { fullName, birthDate, language } = request.body
      return reply.status(201).send({ member: await service.addOwnCard(userId, { fullName, birthDate: birthDate ?? null, language }) })
    },
  )

  app.post(
    '/family-tree/members/:memberId/is-me',
    {
      schema: {
        tags,
        summary: 'Say this member is you; your own card from sign-up gives way (its memories follow), any other answers 400 member.self_exists',
        params,
        response: { 200: memberResult },
      },
    },
    async (request) => ({ member: await service.chooseSelf(currentUser(request).id, request.params.memberId) }),
  )

  app.patch(
    '/family-tree/members/:memberId',
    { schema: { tags, summary: 'Change a member; relation lists sent replace the old ones', params, body: updateMemberSchema, response: { 200: memberResult } } },
    async (request) => ({ member: await service.updateMember(currentUser(request).id, request.params.memberId, request.body) }),
  )

  app.delete(
    '/family-tree/members/:memberId',
    { schema: { tags, summary: 'Delete a member and every link to it', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteMember(currentUser(request).id, request.params.memberId)
      return reply.status(204).send(null)
    },
  )
}
