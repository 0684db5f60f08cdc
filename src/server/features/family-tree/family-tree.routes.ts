import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createMemberSchema, createOwnCardSchema, familyTreeSchema, memberFactsSchema, staleMemberEditSchema, updateMemberSchema } from '../../../shared/contracts/family-tree.ts'
import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import type { SaveReach } from './family-tree.reach.ts'
import {
  memberDeletedSchema,
  memberSavedSchema,
  membersByIdsQuerySchema,
  membersByIdsSchema,
  selfCardSchema,
  treeIndexSchema,
  treeViewQuerySchema,
  treeViewSchema,
} from '../../../shared/contracts/family-tree-view.ts'
import { treeViewLimits } from '../../../shared/family-tree/tree-view-limits.ts'
import type { ListCache } from '../../lib/list-cache.ts'
import { createViewerRedaction, memberFactsForViewer } from '../../../shared/family-tree/living.ts'
import { roleMay } from '../../../shared/family-tree/roles.ts'
import { createPacer, pacedJson, pacedJsonChunks, pacedJsonStream, type Pacer } from '../../lib/cooperative.ts'
import { sendJsonChunks, sendJsonStream } from '../../plugins/json-compression.ts'
import { AppError } from '../../lib/app-error.ts'
import { currentUser } from '../../plugins/session.ts'
import type { CircleService } from './family-tree.circle.service.ts'
import type { FamilyTreeService } from './family-tree.service.ts'

const params = z.object({ memberId: z.string() })
const memberFactsResult = z.object({ member: memberFactsSchema })
const tags = ['family tree']

/**
 * A viewer's tree: the living who were not opened up show their name and relation only. In
 * place and paced: one pass over 100,000 people would hold every other request.
 */
async function closeTheLiving(tree: FamilyTree, pacer: Pacer): Promise<void> {
  const redaction = createViewerRedaction({ today: todayCalendarDate(), openedUp: new Set() })
  for (let at = 0; at < tree.members.length; at += 1) {
    tree.members[at] = redaction.member(tree.members[at]!)
    await pacer.step()
  }
  for (let at = 0; at < tree.unions.length; at += 1) {
    tree.unions[at] = redaction.union(tree.unions[at]!)
    await pacer.step()
  }
}

// Every route acts on the tree the person's pages show (the circle's `access`), with their role
// there: the repositories are asked with the tree's holder, never with the person's own id.
export const familyTreeRoutes: FastifyPluginAsyncZod<{ service: FamilyTreeService; circle: CircleService; lists: ListCache }> = async (app, { service, circle, lists }) => {
  app.addHook('onRequest', app.authenticate)
  const { reads } = service

  /** The reader's tree and whether they see the living in it. */
  async function readerOf(userId: string) {
    const access = await circle.require(userId, 'tree.read')
    return { access, reader: { seesLiving: roleMay(access.role, 'tree.see-living') } }
  }

  /**
   * The index of names, built once per version of the tree and kept serialised (lib/list-cache.ts)
   * for each kind of reader: a viewer's copy, with the living's years closed, is another one, and
   * another each day, as people pass the hundred years that keep them closed.
   */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply, holderId: string, seesLiving: boolean) {
    const stored = await reads.version(holderId)
    const version = `${stored ?? 'none'}.${seesLiving ? 'all' : `closed-${todayCalendarDate()}`}`
    return lists.send(request, reply, {
      ownerId: holderId,
      collection: seesLiving ? 'family-tree.index' : 'family-tree.index.closed',
      version,
      load: async () => ({ ...(await reads.buildIndex(holderId, { seesLiving })), version }),
      toJson: (body) => pacedJson(body, createPacer()),
    })
  }

  /**
   * A save's answer: the member and what changed, read after the save's transaction (on SQLite it
   * holds the only connection), as the saver's view shows it. Written in slices like the reads:
   * a save of a parent of thousands sends their whole lists.
   */
  async function sendSaved(request: FastifyRequest, reply: FastifyReply, access: { holderId: string; role: string }, saved: { member: Member; reach: SaveReach }) {
    const changes = await reads.changes(access.holderId, saved.reach, { seesLiving: roleMay(access.role, 'tree.see-living') })
    return sendJsonChunks(request, reply, await pacedJsonChunks({ member: saved.member, changes }, createPacer()))
  }

  // The tree page's reads answer with their JSON written in slices, as the whole tree does: the
  // route's serializer would check a large answer against the schema in one go on every request.
  // The schemas describe them, and the tests check every answer against them.
  app.get(
    '/family-tree/view',
    {
      schema: {
        tags,
        summary: 'The part of the tree the chart draws around one person; 404 for a centre not in your tree',
        querystring: treeViewQuerySchema,
        response: { 200: treeViewSchema },
      },
    },
    async (request, reply) => {
      const { access, reader } = await readerOf(currentUser(request).id)
      const holderId = access.holderId
      const centre = request.query.centre ?? (await reads.defaultCentre(holderId, access.userId))
      const view = await reads.view(holderId, centre, request.query.generations, reader)
      return sendJsonChunks(request, reply, await pacedJsonChunks(view, createPacer()))
    },
  )

  app.get(
    '/family-tree/index',
    {
      schema: {
        tags,
        summary: 'Everyone in the tree, a few fields each, by last and first name; ETag and 304 while the tree is unchanged',
        response: { 200: treeIndexSchema },
      },
    },
    async (request, reply) => {
      const { access, reader } = await readerOf(currentUser(request).id)
      return sendIndex(request, reply, access.holderId, reader.seesLiving)
    },
  )

  app.get(
    '/family-tree/self-card',
    {
      schema: {
        tags,
        summary: "The tree keeper's own card, whole, and the tree's row; member null when the tree has none",
        response: { 200: selfCardSchema },
      },
    },
    async (request, reply) => {
      const { access, reader } = await readerOf(currentUser(request).id)
      return sendJsonChunks(request, reply, await pacedJsonChunks(await reads.selfCard(access.holderId, reader), createPacer()))
    },
  )

  app.get(
    '/family-tree/members',
    {
      schema: {
        tags,
        summary: `Members by id (comma-separated, at most ${treeViewLimits.maxIds}) and the unions they are partners in; ids not in your tree are left out`,
        querystring: membersByIdsQuerySchema,
        response: { 200: membersByIdsSchema },
      },
    },
    async (request, reply) => {
      const { access, reader } = await readerOf(currentUser(request).id)
      const ids = [
        ...new Set(
          request.query.ids
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ]
      if (ids.length > treeViewLimits.maxIds)
        throw new AppError('validation_failed', `At most ${treeViewLimits.maxIds} ids at once`, [{ path: 'ids', code: 'validation.too_long' }])
      const answer = await reads.wholeMembers(access.holderId, ids, reader)
      return sendJsonChunks(request, reply, await pacedJsonChunks(answer, createPacer()))
    },
  )

  // The tree is written out in slices as it is sent rather than by the route's serializer: one
  // JSON.stringify (and one validation) of 100,000 people would hold every other request, and its
  // 90 MiB held at once would bring the collector's long pauses. The schema still describes the
  // answer, and the tests check every answer against it.
  app.get('/family-tree', { schema: { tags, summary: 'Your family tree and its members', response: { 200: familyTreeSchema } } }, async (request, reply) => {
    const access = await circle.require(currentUser(request).id, 'tree.read')
    const tree = await service.getTree(access.holderId)
    const pacer = createPacer()
    if (!roleMay(access.role, 'tree.see-living')) await closeTheLiving(tree, pacer)
    return sendJsonStream(request, reply, pacedJsonStream(tree, pacer))
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
    async (request) => {
      const access = await circle.require(currentUser(request).id, 'tree.read')
      const facts = await service.getMemberFacts(access.holderId, request.params.memberId, access.userId)
      if (roleMay(access.role, 'tree.see-living') || !(await circle.isClosedToViewers(access, facts.memberId))) return { member: facts }
      return { member: memberFactsForViewer(facts, { today: todayCalendarDate(), openedUp: new Set() }) }
    },
  )

  app.post(
    '/family-tree/members',
    { schema: { tags, summary: 'Add a member (the tree is created with the first); with what changed', body: createMemberSchema, response: { 201: memberSavedSchema } } },
    async (request, reply) => {
      const access = await circle.require(currentUser(request).id, 'tree.edit')
      const saved = await service.addMemberReaching(access.holderId, request.body, access.userId)
      return sendSaved(request, reply.status(201), access, saved)
    },
  )

  app.post(
    '/family-tree/own-card',
    {
      schema: {
        tags,
        summary: 'Make your own card from your full name (and birth date as you know it); 400 member.self_exists when you have one',
        body: createOwnCardSchema,
        response: { 201: memberSavedSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id
      const { fullName, birthDate, language } = request.body
      const saved = await service.addOwnCardReaching(userId, { fullName, birthDate: birthDate ?? null, language })
      // Their own tree, whichever tree their pages show.
      return sendSaved(request, reply.status(201), { holderId: userId, role: 'owner' }, saved)
    },
  )

  app.post(
    '/family-tree/members/:memberId/is-me',
    {
      schema: {
        tags,
        summary: 'Say this member is you; your own card from sign-up gives way (its memories follow), any other answers 400 member.self_exists',
        params,
        response: { 200: memberSavedSchema },
      },
    },
    async (request, reply) => {
      // Who the holder is in their own tree; in another's tree a person is linked by an invitation.
      const access = await circle.require(currentUser(request).id, 'tree.edit')
      if (access.holderId !== access.userId) throw new AppError('forbidden', 'In a tree shared with you, an invitation links you to your card')
      return sendSaved(request, reply, access, await service.chooseSelfReaching(access.holderId, request.params.memberId))
    },
  )

  app.patch(
    '/family-tree/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Change a member; relation lists sent replace the old ones',
        description:
          'Send `expectedUpdatedAt`, the `updatedAt` of the member as you read it: if someone changed them since, nothing is saved and the answer is 409 `conflict` with `error.current`, the member as stored now. Without it the change is saved whatever happened meanwhile.',
        params,
        body: updateMemberSchema,
        response: { 200: memberSavedSchema, 409: staleMemberEditSchema },
      },
    },
    async (request, reply) => {
      const access = await circle.requireMemberChange(currentUser(request).id, request.params.memberId, request.body)
      return sendSaved(request, reply, access, await service.updateMemberReaching(access.holderId, request.params.memberId, request.body))
    },
  )

  app.delete(
    '/family-tree/members/:memberId',
    { schema: { tags, summary: 'Delete a member and every link to it; with what changed', params, response: { 200: memberDeletedSchema } } },
    async (request, reply) => {
      const access = await circle.require(currentUser(request).id, 'tree.edit')
      const reach = await service.deleteMemberReaching(access.holderId, request.params.memberId)
      const changes = await reads.changes(access.holderId, reach, { seesLiving: roleMay(access.role, 'tree.see-living') })
      return sendJsonChunks(request, reply, await pacedJsonChunks({ changes }, createPacer()))
    },
  )
}
