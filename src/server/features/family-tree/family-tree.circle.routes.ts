import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountReachSchema,
  acceptedInvitationSchema,
  changeRoleSchema,
  chooseTreeSchema,
  circleSchema,
  createdInvitationSchema,
  createInvitationSchema,
  invitationPreviewSchema,
  treeListSchema,
} from '../../../shared/contracts/family-circle.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { addressKey } from '../../lib/client-address.ts'
import { currentUser } from '../../plugins/session.ts'
import type { CircleService } from './family-tree.circle.service.ts'

const tags = ['family circle']
const treeParams = z.object({ treeId: z.string() })
const tokenParams = z.object({ token: z.string() })

/** The people of a tree, their roles and the invitations that bring others in. */
export const familyCircleRoutes: FastifyPluginAsyncZod<{ service: CircleService; lookups: AttemptLimiter }> = async (app, { service, lookups }) => {
  // The invitation page is read before its person has an account; the token is the key, and
  // lookups per address are counted all the same.
  app.get(
    '/invitations/:token',
    { schema: { tags, summary: 'Who invites, to which tree, with which role (no session needed)', params: tokenParams, response: { 200: invitationPreviewSchema } } },
    async (request) => {
      await lookups.take([addressKey(request.ip)])
      return service.previewInvitation(request.params.token)
    },
  )

  app.post(
    '/invitations/:token/decline',
    { schema: { tags, summary: 'Decline an invitation (no session needed: the link is enough)', params: tokenParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await lookups.take([addressKey(request.ip)])
      await service.declineInvitation(request.params.token)
      return reply.status(204).send(null)
    },
  )

  const signedIn = { onRequest: app.authenticate }

  app.post(
    '/invitations/:token/accept',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Join the tree with the invitation’s role; its member, when free, becomes yours; 410 when expired, withdrawn or used',
        params: tokenParams,
        response: { 200: acceptedInvitationSchema },
      },
    },
    async (request) => {
      await lookups.take([addressKey(request.ip)])
      return service.acceptInvitation(currentUser(request).id, request.params.token)
    },
  )

  app.get(
    '/me/reach',
    { ...signedIn, schema: { tags, summary: 'What deleting your account would take from your family’s trees', response: { 200: accountReachSchema } } },
    async (request) => service.reach(currentUser(request).id),
  )

  app.get('/trees', { ...signedIn, schema: { tags, summary: 'The trees you belong to, for the switcher', response: { 200: treeListSchema } } }, async (request) =>
    service.listTrees(currentUser(request).id),
  )

  app.put(
    '/trees/active',
    { ...signedIn, schema: { tags, summary: 'Show another tree you belong to (or start your own)', body: chooseTreeSchema, response: { 200: treeListSchema } } },
    async (request) => service.chooseTree(currentUser(request).id, request.body),
  )

  app.get(
    '/trees/:treeId/circle',
    {
      ...signedIn,
      schema: { tags, summary: 'The people of a tree, their roles, and (for those who invite) the invitations waiting', params: treeParams, response: { 200: circleSchema } },
    },
    async (request) => service.circle(currentUser(request).id, request.params.treeId),
  )

  app.post(
    '/trees/:treeId/invitations',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Invite someone with a role (and, optionally, as a member of the tree); the link is answered once',
        params: treeParams,
        body: createInvitationSchema,
        response: { 201: createdInvitationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createInvitation(currentUser(request).id, request.params.treeId, request.body)),
  )

  app.delete(
    '/trees/:treeId/invitations/:invitationId',
    { ...signedIn, schema: { tags, summary: 'Withdraw an invitation', params: treeParams.extend({ invitationId: z.string() }), response: { 204: z.null() } } },
    async (request, reply) => {
      await service.revokeInvitation(currentUser(request).id, request.params.treeId, request.params.invitationId)
      return reply.status(204).send(null)
    },
  )

  app.patch(
    '/trees/:treeId/people/:userId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change someone’s role (the owner only); making someone owner hands the tree over',
        params: treeParams.extend({ userId: z.string() }),
        body: changeRoleSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.changeRole(currentUser(request).id, request.params.treeId, request.params.userId, request.body.role)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/trees/:treeId/people/:userId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Leave a tree (your own id) or remove someone (the owner); what they added stays',
        params: treeParams.extend({ userId: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removePerson(currentUser(request).id, request.params.treeId, request.params.userId)
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/family-tree/members/:memberId/open-to-viewers',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Open a living person up to viewers (their dates and places shown), or close them again (the owner only)',
        params: z.object({ memberId: z.string() }),
        body: z.object({ open: z.boolean() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.setOpenToViewers(await service.access(currentUser(request).id), request.params.memberId, request.body.open)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/family-tree/members/:memberId/link',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Unlink a member from the account of its person (that person, or whoever invites)',
        params: z.object({ memberId: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.unlinkMember(await service.access(currentUser(request).id), request.params.memberId)
      return reply.status(204).send(null)
    },
  )
}
