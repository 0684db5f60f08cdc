import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

describe.each(testDatabases)('linking a kept file to one more thing, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser
  let memberId: string

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
    await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
    const added = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' } })
    memberId = added.json().member.memberId
  })
  afterAll(() => t.close())

  /** A recording kept with the interviewed member, as the page keeps it the moment it stops. */
  async function keptRecording(user: TestUser, member: string): Promise<string> {
    const bytes = Buffer.from('OggS una grabación corta')
    const created = await tusClient(t.app, user).createWithData(bytes, { filename: 'entrevista.txt', caption: '', linkedToType: 'member', linkedToId: member })
    expect(created.statusCode, created.body).toBe(201)
    return String(created.headers['legado-media-id'])
  }

  async function savedSession(user: TestUser, member: string): Promise<string> {
    const chat = await as(t.app, user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: member, message: 'Cantaba boleros.' } })
    expect(chat.statusCode, chat.body).toBe(200)
    return JSON.parse(chat.body.split('event: done\ndata: ')[1]!.split('\n')[0]!).session.id
  }

  const sessionsOf = async (user: TestUser, member: string) =>
    (await as(t.app, user)({ method: 'GET', url: `/api/interviews?memberId=${member}` })).json<{ sessions: InterviewSession[] }>().sessions

  const link = (user: TestUser, mediaId: string, payload: object) => as(t.app, user)({ method: 'POST', url: `/api/media/${mediaId}/links`, payload })

  it('joins a recording kept with the member to the interview its answer was saved in, once however often it is asked', async () => {
    const mediaId = await keptRecording(owner, memberId)
    const sessionId = await savedSession(owner, memberId)

    const linked = await link(owner, mediaId, { linkedToType: 'interviewSession', linkedToId: sessionId })
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json<MediaAsset>()).toMatchObject({ id: mediaId, linkedToType: 'member', linkedToId: memberId, linkedToMemberIds: [memberId] })
    expect((await link(owner, mediaId, { linkedToType: 'interviewSession', linkedToId: sessionId })).statusCode).toBe(200)

    const session = (await sessionsOf(owner, memberId)).find((candidate) => candidate.id === sessionId)
    expect(session?.mediaAssetIds).toEqual([mediaId])
    const media = (await as(t.app, owner)({ method: 'GET', url: `/api/media?memberId=${memberId}` })).json<{ media: MediaAsset[] }>().media
    expect(media.filter((asset) => asset.id === mediaId)).toHaveLength(1)
  })

  it('lets the recording go with its interview when that is deleted, as one uploaded to it does', async () => {
    const mediaId = await keptRecording(owner, memberId)
    const sessionId = await savedSession(owner, memberId)
    expect((await link(owner, mediaId, { linkedToType: 'interviewSession', linkedToId: sessionId })).statusCode).toBe(200)

    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/interviews/${sessionId}` })).statusCode).toBe(204)
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404)
  })

  it('answers 404 for another person’s file or another person’s interview, and links nothing', async () => {
    const mediaId = await keptRecording(owner, memberId)
    const sessionId = await savedSession(owner, memberId)
    await as(t.app, stranger)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Luis', lastName: 'Paz', isSelf: true } })
    const theirMember = (
      await as(t.app, stranger)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Tomás', lastName: 'Paz', relationshipToOwner: 'Tío' } })
    ).json().member.memberId
    const theirs = await keptRecording(stranger, theirMember)

    const onMine = await link(stranger, mediaId, { linkedToType: 'member', linkedToId: theirMember })
    expect(onMine.statusCode).toBe(404)
    expect(onMine.json().error.code).toBe('not_found')
    expect((await link(stranger, theirs, { linkedToType: 'interviewSession', linkedToId: sessionId })).statusCode).toBe(404)
    expect((await sessionsOf(owner, memberId)).find((candidate) => candidate.id === sessionId)?.mediaAssetIds).toEqual([])
    expect((await as(t.app, stranger)({ method: 'GET', url: `/api/media/${theirs}` })).json<MediaAsset>().linkedToMemberIds).toEqual([theirMember])
  })

  it('refuses a kind of thing that files are not linked to', async () => {
    const mediaId = await keptRecording(owner, memberId)
    const refused = await link(owner, mediaId, { linkedToType: 'dream', linkedToId: memberId })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe('validation_failed')
  })
})
