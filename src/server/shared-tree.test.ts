import { existsSync } from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Member } from '../shared/contracts/family-tree.ts'
import { webmHeader } from './test/media-fixtures.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from './test/test-app.ts'
import { tusClient } from './test/tus-client.ts'
import { joinByInvitation } from './test/tree-invitations.ts'

// What relatives add to a tree they share: a grandson tells Ana about his great-grandfather and
// records his voice; his grandmother hears it; each changes what their role allows.

const doneOf = (stream: { body: string }) => JSON.parse(stream.body.split('event: done\ndata: ')[1]!.split('\n')[0]!)

describe.each(testDatabases)('a tree shared with the family, across its features, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let greatGrandfather: Member
  let treeId: string

  const call = (user: TestUser) => as(t.app, user)
  /** Someone who accepted an invitation with `role`. */
  async function joined(role: 'editor' | 'contributor' | 'viewer'): Promise<TestUser> {
    const person = await createTestUser(t.app)
    await joinByInvitation(t.app, { inviter: rosa, invitee: person, treeId, role })
    return person
  }
  async function tell(user: TestUser, message: string) {
    const response = await call(user)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: greatGrandfather.memberId, message } })
    return response.statusCode === 200 ? doneOf(response).session : response
  }
  async function record(user: TestUser, sessionId: string) {
    const bytes = webmHeader()
    const tus = tusClient(t.app, user)
    const created = await tus.create(bytes.length, { filename: 'voz.webm', filetype: 'audio/webm', linkedToType: 'interviewSession', linkedToId: sessionId })
    if (created.statusCode !== 201) return created
    return tus.patch(String(created.headers.location), 0, bytes)
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa Pérez' })
    greatGrandfather = (
      await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Joaquín', lastName: 'Pérez', relationshipToOwner: 'Padre', isDeceased: true } })
    ).json().member
    treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
  })
  afterAll(() => t.close())

  it('keeps a contributor’s voice story in the tree, where the owner reads it and plays the recording', async () => {
    const tomas = await joined('contributor')
    const session = await tell(tomas, 'Mi bisabuelo tocaba el tiple en las fiestas de Pasto.')
    expect(session).toMatchObject({ authorUserId: tomas.id, ownerUserId: rosa.id })
    const recorded = await record(tomas, session.id)
    expect(recorded.statusCode, recorded.body).toBe(204)
    const mediaId = String(recorded.headers['legado-media-id'])

    const { sessions } = (await call(rosa)({ method: 'GET', url: `/api/interviews?memberId=${greatGrandfather.memberId}` })).json()
    expect(sessions).toEqual([expect.objectContaining({ id: session.id, answer: 'Mi bisabuelo tocaba el tiple en las fiestas de Pasto.', mediaAssetIds: [mediaId] })])
    const played = await call(rosa)({ method: 'GET', url: `/api/media/${mediaId}/content`, headers: { range: 'bytes=0-3' } })
    expect(played.statusCode).toBe(206)
    expect(played.rawPayload).toEqual(webmHeader().subarray(0, 4))
    // Kept in the tree's storage, counted against the tree's quota.
    expect(await t.db.selectFrom('mediaAsset').select(['ownerUserId', 'authorUserId']).where('id', '=', mediaId).executeTakeFirstOrThrow()).toEqual({
      ownerUserId: rosa.id,
      authorUserId: tomas.id,
    })
  })

  it('lets a contributor change and delete only what he told, and an editor anything', async () => {
    const tomas = await joined('contributor')
    const editor = await joined('editor')
    const hers = await tell(rosa, 'Era sastre.')
    const his = await tell(tomas, 'Tenía un bigote enorme.')
    expect((await call(tomas)({ method: 'PATCH', url: `/api/interviews/${hers.id}`, payload: { answer: 'Era carpintero.' } })).statusCode).toBe(403)
    expect((await call(tomas)({ method: 'DELETE', url: `/api/interviews/${hers.id}` })).statusCode).toBe(403)
    expect((await call(tomas)({ method: 'PATCH', url: `/api/interviews/${his.id}`, payload: { answer: 'Tenía un bigote blanco.' } })).statusCode).toBe(200)
    expect((await call(editor)({ method: 'PATCH', url: `/api/interviews/${his.id}`, payload: { answer: 'Tenía un bigote blanquísimo.' } })).statusCode).toBe(200)
    expect((await call(tomas)({ method: 'DELETE', url: `/api/interviews/${his.id}` })).statusCode).toBe(204)
    const { sessions } = (await call(rosa)({ method: 'GET', url: `/api/interviews?memberId=${greatGrandfather.memberId}` })).json()
    expect(sessions.map((s: { id: string }) => s.id)).toContain(hers.id)
    expect(sessions.map((s: { id: string }) => s.id)).not.toContain(his.id)
  })

  it('lets a viewer read and listen, and nothing more', async () => {
    const tomas = await joined('contributor')
    const session = await tell(tomas, 'Cantaba bambucos.')
    const mediaId = String((await record(tomas, session.id)).headers['legado-media-id'])
    const lucia = await joined('viewer')
    expect((await call(lucia)({ method: 'GET', url: `/api/interviews?memberId=${greatGrandfather.memberId}` })).statusCode).toBe(200)
    expect((await call(lucia)({ method: 'GET', url: `/api/media/${mediaId}/content` })).statusCode).toBe(200)
    expect((await call(lucia)({ method: 'GET', url: `/api/media?memberId=${greatGrandfather.memberId}` })).json().media.map((m: { id: string }) => m.id)).toContain(mediaId)
    const told = await tell(lucia, 'Yo también me acuerdo.')
    expect(told.statusCode).toBe(403)
    expect((await record(lucia, session.id)).statusCode).toBe(403)
    expect((await call(lucia)({ method: 'PATCH', url: `/api/media/${mediaId}`, payload: { caption: 'Otra' } })).statusCode).toBe(403)
    expect((await call(lucia)({ method: 'DELETE', url: `/api/media/${mediaId}` })).statusCode).toBe(403)
    expect((await call(lucia)({ method: 'GET', url: '/api/family-tree/gedcom?version=7.0' })).statusCode).toBe(403)
  })

  it('keeps the owner’s private memories and their photos out of the tree, and everything out of reach of other trees', async () => {
    const tomas = await joined('contributor')
    await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez' } })
    const written = await call(rosa)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Mi primer amor.' } })
    expect(written.statusCode, written.body).toBe(201)
    const entry = written.json()
    const bytes = Buffer.from('Una carta de amor.')
    const tus = tusClient(t.app, rosa)
    const created = await tus.create(bytes.length, { filename: 'carta.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    const letter = String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])
    expect((await call(tomas)({ method: 'GET', url: `/api/media/${letter}` })).statusCode).toBe(404)
    expect((await call(tomas)({ method: 'GET', url: `/api/media/${letter}/content` })).statusCode).toBe(404)
    expect((await call(tomas)({ method: 'GET', url: `/api/media?entryId=${entry.id}` })).statusCode).toBe(404)
    expect((await call(tomas)({ method: 'GET', url: '/api/biography/entries' })).json().entries).toEqual([])

    const session = await tell(tomas, 'Le gustaba el café.')
    const voice = String((await record(tomas, session.id)).headers['legado-media-id'])
    const stranger = await createTestUser(t.app)
    expect((await call(stranger)({ method: 'GET', url: `/api/media/${voice}/content` })).statusCode).toBe(404)
    expect((await call(stranger)({ method: 'GET', url: `/api/interviews?memberId=${greatGrandfather.memberId}` })).statusCode).toBe(404)
  })

  it('shows a viewer the living by name and relation only, until the owner opens one up', async () => {
    const granddaughter = (
      await call(rosa)({
        method: 'POST',
        url: '/api/family-tree/members',
        payload: { firstName: 'Lucía', lastName: 'Gil', relationshipToOwner: 'Nieta', birthDate: 'hacia 1995', birthPlace: 'Pasto', notes: 'Vive en Quito.' },
      })
    ).json().member as Member
    await call(rosa)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: granddaughter.memberId, message: 'De niña pintaba casas.' } })
    const viewer = await joined('viewer')
    const contributor = await joined('contributor')
    const seen = async (user: TestUser) =>
      ((await call(user)({ method: 'GET', url: '/api/family-tree' })).json().members as Member[]).find((m) => m.memberId === granddaughter.memberId)!

    expect(await seen(viewer)).toMatchObject({ firstName: 'Lucía', relationshipToOwner: 'Nieta', birthDate: null, birthPlace: '', notes: '' })
    expect(await seen(contributor)).toMatchObject({ birthPlace: 'Pasto', notes: 'Vive en Quito.' })
    // The dead keep their story for everyone.
    const joaquin = ((await call(viewer)({ method: 'GET', url: '/api/family-tree' })).json().members as Member[]).find((m) => m.memberId === greatGrandfather.memberId)!
    expect(joaquin.interviewSegments.length).toBeGreaterThan(0)
    const facts = (await call(viewer)({ method: 'GET', url: `/api/family-tree/members/${granddaughter.memberId}` })).json().member
    expect(facts).toMatchObject({ birthDate: null, birthPlace: '' })
    expect((await call(viewer)({ method: 'GET', url: `/api/interviews?memberId=${granddaughter.memberId}` })).json().sessions).toEqual([])
    expect((await call(contributor)({ method: 'GET', url: `/api/interviews?memberId=${granddaughter.memberId}` })).json().sessions).toHaveLength(1)

    expect((await call(contributor)({ method: 'PUT', url: `/api/family-tree/members/${granddaughter.memberId}/open-to-viewers`, payload: { open: true } })).statusCode).toBe(403)
    expect((await call(rosa)({ method: 'PUT', url: `/api/family-tree/members/${granddaughter.memberId}/open-to-viewers`, payload: { open: true } })).statusCode).toBe(204)
    expect(await seen(viewer)).toMatchObject({ birthDate: 'ABT 1995', birthPlace: 'Pasto', openToViewers: true })
    expect((await call(viewer)({ method: 'GET', url: `/api/interviews?memberId=${granddaughter.memberId}` })).json().sessions).toHaveLength(1)
  })

  it('keeps each teller’s sitting apart, and lets a contributor name his own conversation but not hers', async () => {
    const tomas = await joined('contributor')
    const hers = await tell(rosa, 'Mi padre silbaba al ordeñar.')
    const his = await tell(tomas, 'El bisabuelo me regaló una navaja.')
    const more = await tell(tomas, 'Y me enseñó a afilarla.')
    expect(his.conversation.id).not.toBe(hers.conversation.id)
    expect(more.conversation.id).toBe(his.conversation.id)

    const rename = (user: TestUser, id: string) => call(user)({ method: 'PATCH', url: `/api/interviews/conversations/${id}`, payload: { title: 'La navaja' } })
    const renamed = await rename(tomas, his.conversation.id)
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ id: his.conversation.id, title: 'La navaja' })
    expect((await rename(tomas, hers.conversation.id)).statusCode).toBe(403)
    expect((await rename(rosa, his.conversation.id)).statusCode).toBe(200)
  })

  it('names someone who signed up with an e-mail alone by the card they were invited to, in the family and in the news', async () => {
    const card = (await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Iván', lastName: 'Pérez', relationshipToOwner: 'Nieto' } })).json()
      .member as Member
    const ivan = await createTestUser(t.app, { name: '' })
    await joinByInvitation(t.app, { inviter: rosa, invitee: ivan, treeId, role: 'contributor', memberId: card.memberId })
    await call(rosa)({ method: 'POST', url: '/api/dashboard/family-news/seen', payload: { until: new Date().toISOString() } })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await tell(ivan, 'El bisabuelo silbaba pasillos.')

    const people = (await call(rosa)({ method: 'GET', url: `/api/trees/${treeId}/circle` })).json().people as { userId: string; name: string }[]
    expect(people.find((person) => person.userId === ivan.id)?.name).toBe('Iván Pérez')
    const news = (await call(rosa)({ method: 'GET', url: '/api/dashboard/family-news' })).json()
    expect(news.items).toEqual([expect.objectContaining({ kind: 'interview', authorName: 'Iván Pérez' })])
    // Unlinked, he has no other name than his e-mail on the family page, and none in the news.
    await call(rosa)({ method: 'DELETE', url: `/api/family-tree/members/${card.memberId}/link` })
    const unlinked = (await call(rosa)({ method: 'GET', url: `/api/trees/${treeId}/circle` })).json().people as { userId: string; name: string }[]
    expect(unlinked.find((person) => person.userId === ivan.id)?.name).toBe(ivan.email)
  })

  it('tells the owner what the family added since her last visit, with who added it, and forgets it once she has seen it', async () => {
    // What came before is seen.
    await call(rosa)({ method: 'POST', url: '/api/dashboard/family-news/seen', payload: { until: new Date().toISOString() } })
    const tomas = await createTestUser(t.app, { name: 'Tomás Pérez' })
    await joinByInvitation(t.app, { inviter: rosa, invitee: tomas, treeId, role: 'contributor' })
    const session = await tell(tomas, 'El bisabuelo hacía sombreros de paja toquilla.')
    const mediaId = String((await record(tomas, session.id)).headers['legado-media-id'])
    await tell(rosa, 'Lo que ella cuenta no es noticia para ella.')

    const news = (await call(rosa)({ method: 'GET', url: '/api/dashboard/family-news' })).json()
    expect(news.items).toEqual([
      expect.objectContaining({
        kind: 'recording',
        mediaId,
        contentType: 'audio/webm',
        memberId: greatGrandfather.memberId,
        memberName: 'Joaquín Pérez',
        authorName: 'Tomás Pérez',
      }),
      expect.objectContaining({ kind: 'interview', id: session.id, title: 'El bisabuelo hacía sombreros de paja toquilla.', authorName: 'Tomás Pérez' }),
    ])
    // His own additions are not news to him; hers are.
    const his = (await call(tomas)({ method: 'GET', url: '/api/dashboard/family-news' })).json()
    expect(his.items.map((item: { kind: string; authorName: string }) => [item.kind, item.authorName])).toContainEqual(['interview', 'Rosa Pérez'])
    expect(his.items.some((item: { authorName: string }) => item.authorName === 'Tomás Pérez')).toBe(false)

    expect((await call(rosa)({ method: 'POST', url: '/api/dashboard/family-news/seen', payload: { until: news.items[0].at } })).statusCode).toBe(204)
    const after = (await call(rosa)({ method: 'GET', url: '/api/dashboard/family-news' })).json()
    expect(after.items).toEqual([])
    expect(after.since).toBe(news.items[0].at)
  })

  it('says before an account goes what it takes from the family, takes exactly that, and leaves a tree someone else owns now with them', async () => {
    const tomas = await joined('contributor')
    const session = await tell(tomas, 'Mi bisabuelo silbaba pasillos.')
    const mediaId = String((await record(tomas, session.id)).headers['legado-media-id'])
    const storedAt = (await t.db.selectFrom('mediaAsset').select('storagePath').where('id', '=', mediaId).executeTakeFirstOrThrow()).storagePath
    expect(existsSync(path.join(t.dataDir, 'media', storedAt))).toBe(true)
    const reach = (await call(tomas)({ method: 'GET', url: '/api/me/reach' })).json()
    expect(reach).toEqual({ heldTrees: [], contributions: [{ treeId, treeName: 'Árbol de Rosa Pérez', ownerName: 'Rosa Pérez', interviews: 1, files: 1 }], handedOverTrees: [] })

    expect((await call(tomas)({ method: 'DELETE', url: '/api/me', payload: { password: 'un-recuerdo-largo' } })).statusCode).toBe(204)
    const { sessions } = (await call(rosa)({ method: 'GET', url: `/api/interviews?memberId=${greatGrandfather.memberId}` })).json()
    expect(sessions.some((s: { id: string }) => s.id === session.id)).toBe(false)
    expect((await call(rosa)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404)
    expect(existsSync(path.join(t.dataDir, 'media', storedAt))).toBe(false)
    // His sitting goes with what he told in it: no empty conversation is left in her tree.
    expect(await t.db.selectFrom('chatConversation').select('id').where('id', '=', session.conversation.id).executeTakeFirst()).toBeUndefined()

    // A tree handed over stays with its new owner when the account it was kept in goes.
    const carmen = await createTestUser(t.app, { name: 'Carmen Ruiz' })
    await call(carmen)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre' } })
    const carmenTree = (await call(carmen)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    const heir = await createTestUser(t.app, { name: 'Pilar Ruiz' })
    await joinByInvitation(t.app, { inviter: carmen, invitee: heir, treeId: carmenTree, role: 'editor' })
    expect((await call(carmen)({ method: 'GET', url: '/api/me/reach' })).json().heldTrees).toEqual([
      { treeId: carmenTree, treeName: 'Árbol de Carmen Ruiz', members: 1, otherPeople: 1 },
    ])
    await call(carmen)({ method: 'PATCH', url: `/api/trees/${carmenTree}/people/${heir.id}`, payload: { role: 'owner' } })
    expect((await call(carmen)({ method: 'GET', url: '/api/me/reach' })).json().handedOverTrees).toEqual([
      { treeId: carmenTree, treeName: 'Árbol de Carmen Ruiz', ownerName: 'Pilar Ruiz' },
    ])
    expect((await call(carmen)({ method: 'DELETE', url: '/api/me', payload: { password: 'un-recuerdo-largo' } })).statusCode).toBe(204)
    expect((await call(heir)({ method: 'GET', url: '/api/family-tree' })).json().members.map((m: Member) => m.firstName)).toEqual(['Ana'])
  })

  it('lets a relative tell Ana about the owner herself, whose own story stays hers with Cronos', async () => {
    const card = (await call(rosa)({ method: 'GET', url: '/api/family-tree' })).json().members.find((m: Member) => m.isSelf) as Member | undefined
    const self = card ?? (await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez' } })).json().member
    expect((await call(rosa)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: self.memberId, message: 'Yo nací en Ipiales.' } })).statusCode).toBe(409)
    const tomas = await joined('contributor')
    const told = await call(tomas)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: self.memberId, message: 'Mi abuela hace las mejores empanadas.' } })
    expect(told.statusCode, told.body).toBe(200)
    expect((await call(tomas)({ method: 'GET', url: `/api/interviews/chat?memberId=${self.memberId}&language=es` })).statusCode).toBe(200)
  })

  it('puts what someone added to another’s tree in their own export, as a record with the files’ bytes', async () => {
    const tomas = await joined('contributor')
    const session = await tell(tomas, 'El bisabuelo criaba palomas mensajeras.')
    await record(tomas, session.id)
    const exported = await call(tomas)({ method: 'GET', url: '/api/me/export' })
    expect(exported.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(exported.rawPayload))
    const { contributions } = JSON.parse(Buffer.from(files['contributions.json']!).toString('utf8'))
    expect(contributions).toEqual([
      {
        treeName: 'Árbol de Rosa Pérez',
        ownerName: 'Rosa Pérez',
        interviews: [expect.objectContaining({ memberName: 'Joaquín Pérez', answer: 'El bisabuelo criaba palomas mensajeras.' })],
        files: [expect.objectContaining({ fileName: 'voz.webm', contentType: 'audio/webm', path: expect.stringMatching(/^contributions\/media\/[^/]+\/voz\.webm$/) })],
      },
    ])
    // His voice itself, byte for byte, where the record says.
    expect(Buffer.from(files[contributions[0].files[0].path]!)).toEqual(webmHeader())
    expect(Object.keys(files).filter((entry) => entry.startsWith('media/'))).toEqual([])
    // Not in the owner's record of her own contributions: they are hers already.
    const hers = unzipSync(new Uint8Array((await call(rosa)({ method: 'GET', url: '/api/me/export' })).rawPayload))
    expect(JSON.parse(Buffer.from(hers['contributions.json']!).toString('utf8'))).toEqual({ contributions: [] })
    expect(Object.keys(hers).filter((entry) => entry.startsWith('contributions/'))).toEqual([])
  })
})
