import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { as, type TestUser } from './test-app.ts'
import { importThroughApi } from '../features/gedcom/test/gedcom-api.ts'
import { tusClient } from './tus-client.ts'

/** The ids of one of everything a person can have. */
export interface OwnerIds {
  dream: string
  member: string
  entry: string
  biographyConversation: string
  interviewConversation: string
  session: string
  /** A fact heard in an answer about `member`, waiting for a decision. */
  fact: string
  media: string
  labMemory: string
  /** A GEDCOM import (of a file with nobody in it: the tree stays as it was). */
  gedcomImport: string
  /** The owner's tree, and an invitation to it still waiting (for the grandmother's card). */
  tree: string
  invitation: string
  owner: string
}

/**
 * Gives `owner` one of everything through the real API: themselves and a grandmother in the tree,
 * a dream, a memory written by hand and one told to Cronos (corrected), an interview (its conversation
 * named), a kept lab memory and a file linked to the grandmother.
 */
export async function seedOwnerData(app: FastifyInstance, owner: TestUser): Promise<OwnerIds> {
  const post = async (url: string, payload: object) => {
    const response = await as(app, owner)({ method: 'POST', url, payload })
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300)
    return response
  }
  // An owner who signed up has their own card already; one made without signing up has none yet.
  const { members } = (await as(app, owner)({ method: 'GET', url: '/api/family-tree' })).json() as { members: { isSelf: boolean }[] }
  if (!members.some((m) => m.isSelf)) await post('/api/family-tree/members', { firstName: 'Rosa', lastName: 'Díaz', isSelf: true })
  const member = (await post('/api/family-tree/members', { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' })).json().member.memberId
  const dream = (await post('/api/dreams', { content: 'Volaba' })).json().id
  const entry = (await post('/api/biography/entries', { content: 'La finca' })).json().id
  const doneOf = (stream: { body: string }) => JSON.parse(stream.body.split('event: done\ndata: ')[1]!.split('\n')[0]!)
  // A memory told to Cronos, corrected since: its question, its first words and its conversation travel too.
  const told = doneOf(await post('/api/biography/chat', { message: 'Naci en Cali.' })).entry
  await as(app, owner)({ method: 'PATCH', url: `/api/biography/entries/${told.id}`, payload: { answer: 'Nací en Cali.' } })
  const biographyConversation = told.conversation.id
  const session = doneOf(await post('/api/interviews/chat', { memberId: member, message: 'Cantaba boleros.' })).session
  const interviewConversation = session.conversation.id
  // Where the owner was born, heard in that memory and waiting for a decision.
  const facts = (await as(app, owner)({ method: 'GET', url: `/api/facts?memberId=${told.subjectMemberId}` })).json() as { open: { id: string; source: { id: string } }[] }
  const fact = facts.open.find((item) => item.source.id === told.id)!.id
  await as(app, owner)({ method: 'PATCH', url: `/api/interviews/conversations/${interviewConversation}`, payload: { title: 'Los boleros de la abuela' } })
  const labMemory = (await post('/api/ai-lab/memories', { originalText: 'El río', saveMethod: 'original' })).json().id
  const tus = tusClient(app, owner)
  const bytes = Buffer.from('Una carta.')
  const created = await tus.create(bytes.length, { filename: 'carta.txt', linkedToType: 'member', linkedToId: member })
  const media = String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])
  // Waited for to its end: a job still writing would change the rows under a test that reads them all.
  const gedcomImport = (await importThroughApi(app, owner, '0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n')).id
  const tree = ((await as(app, owner)({ method: 'GET', url: '/api/trees' })).json() as { trees: { treeId: string }[] }).trees[0]!.treeId
  const invitation = (await post(`/api/trees/${tree}/invitations`, { role: 'viewer', memberId: member })).json().invitation.invitationId
  return { dream, member, entry, session: session.id, fact, biographyConversation, interviewConversation, media, labMemory, gedcomImport, tree, invitation, owner: owner.id }
}
