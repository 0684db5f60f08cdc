import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// A grandson shares one of his memories, with its photo, and one of his AI-lab stories with his
// grandmother's tree; the family reads them on his card, as their role allows, until he takes them back.

describe.each(testDatabases)('memories and stories shared with a tree, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let rosaSelf: Member
  let grandson: Member
  let treeId: string

  const call = (user: TestUser) => as(t.app, user)
  /** Someone with a card of their own (so they can write memories) who accepted an invitation with `role`. */
  async function joined(role: 'editor' | 'contributor' | 'viewer', options: { name?: string; memberId?: string } = {}): Promise<TestUser> {
    const person = await createTestUser(t.app, options.name ? { name: options.name } : {})
    expect((await call(person)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: options.name ?? 'Alguien Pérez' } })).statusCode).toBe(201)
    await joinByInvitation(t.app, { inviter: rosa, invitee: person, treeId, role, memberId: options.memberId })
    return person
  }
  async function write(user: TestUser, title: string, content: string) {
    const written = await call(user)({ method: 'POST', url: '/api/biography/entries', payload: { title, content } })
    expect(written.statusCode, written.body).toBe(201)
    return written.json() as { id: string }
  }
  async function attach(user: TestUser, entryId: string) {
    const bytes = Buffer.from('Una foto del tiple.')
    const tus = tusClient(t.app, user)
    const created = await tus.create(bytes.length, { filename: 'tiple.txt', linkedToType: 'biographyEntry', linkedToId: entryId })
    return String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])
  }
  const sharedOn = async (user: TestUser, memberId: string) => {
    const response = await call(user)({ method: 'GET', url: `/api/family-tree/members/${memberId}/shared-memories` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().memories as { kind: string; id: string; authorName: string; title: string; text: string; variation: string | null; mediaAssetIds: string[] }[]
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa Pérez' })
    rosaSelf = (await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez' } })).json().member
    grandson = (
      await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Tomás', lastName: 'Gil', relationshipToOwner: 'Nieto', birthDate: 'hacia 1995' } })
    ).json().member
    treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
  })
  afterAll(() => t.close())

  it('shows a shared memory and its photo to the tree on the card of the person who shared it, until he takes it back', async () => {
    const tomas = await joined('contributor', { name: 'Tomás Gil', memberId: grandson.memberId })
    const editor = await joined('editor')
    const entry = await write(tomas, 'El tiple', 'Mi abuelo me enseñó a tocar el tiple.')
    const photo = await attach(tomas, entry.id)
    expect((await call(editor)({ method: 'GET', url: `/api/media/${photo}/content` })).statusCode).toBe(404)

    const shared = await call(tomas)({ method: 'PUT', url: `/api/biography/entries/${entry.id}/share`, payload: { treeId } })
    expect(shared.statusCode, shared.body).toBe(200)
    expect(shared.json().sharedWith).toEqual([{ treeId, treeName: expect.any(String) }])
    expect((await call(tomas)({ method: 'PUT', url: `/api/biography/entries/${entry.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    const own = (await call(tomas)({ method: 'GET', url: '/api/biography/entries' })).json().entries
    expect(own.find((e: { id: string }) => e.id === entry.id).sharedWith).toEqual([{ treeId, treeName: shared.json().sharedWith[0].treeName }])

    expect(await sharedOn(editor, grandson.memberId)).toEqual([
      expect.objectContaining({ kind: 'memory', id: entry.id, authorName: 'Tomás Gil', title: 'El tiple', text: 'Mi abuelo me enseñó a tocar el tiple.', mediaAssetIds: [photo] }),
    ])
    expect(await sharedOn(rosa, grandson.memberId)).toHaveLength(1)
    const news = async (user: TestUser) => (await call(user)({ method: 'GET', url: '/api/dashboard/family-news' })).json().items as { kind: string; id: string }[]
    expect(await news(rosa)).toContainEqual(expect.objectContaining({ kind: 'memory', id: entry.id, authorName: 'Tomás Gil', title: 'El tiple', memberId: grandson.memberId }))
    expect((await news(tomas)).map((item) => item.id)).not.toContain(entry.id)
    const seen = await call(editor)({ method: 'GET', url: `/api/media/${photo}/content` })
    expect(seen.statusCode).toBe(200)
    expect(seen.body).toBe('Una foto del tiple.')
    // Read, never changed, by the tree.
    expect((await call(rosa)({ method: 'PATCH', url: `/api/media/${photo}`, payload: { caption: 'Otra' } })).statusCode).toBe(404)

    expect((await call(tomas)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}/share/${treeId}` })).statusCode).toBe(204)
    expect(await sharedOn(editor, grandson.memberId)).toEqual([])
    expect((await news(rosa)).map((item) => item.id)).not.toContain(entry.id)
    expect((await call(editor)({ method: 'GET', url: `/api/media/${photo}/content` })).statusCode).toBe(404)
    expect((await call(editor)({ method: 'GET', url: `/api/media/${photo}` })).statusCode).toBe(404)
    expect((await call(tomas)({ method: 'GET', url: '/api/biography/entries' })).json().entries.find((e: { id: string }) => e.id === entry.id).sharedWith).toEqual([])
    expect((await call(tomas)({ method: 'GET', url: `/api/media/${photo}/content` })).statusCode).toBe(200)
  })

  it('shows a viewer nothing shared by a living person until the owner opens them up', async () => {
    const granddaughter = (
      await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Lucía', lastName: 'Gil', relationshipToOwner: 'Nieta', birthDate: 'hacia 2000' } })
    ).json().member as Member
    const lucia = await joined('contributor', { name: 'Lucía Gil', memberId: granddaughter.memberId })
    const viewer = await joined('viewer')
    const story = (await call(lucia)({ method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'El volcán dormía.', saveMethod: 'original' } })).json()
    expect((await call(lucia)({ method: 'PUT', url: `/api/ai-lab/memories/${story.id}/share`, payload: { treeId } })).statusCode).toBe(200)

    expect(await sharedOn(rosa, granddaughter.memberId)).toHaveLength(1)
    expect(await sharedOn(viewer, granddaughter.memberId)).toEqual([])
    const news = async (user: TestUser) => ((await call(user)({ method: 'GET', url: '/api/dashboard/family-news' })).json().items as { id: string }[]).map((item) => item.id)
    expect(await news(rosa)).toContain(story.id)
    expect(await news(viewer)).not.toContain(story.id)
    // Nor the photo of a memory she shared, even by its id, while she is closed to the viewer.
    const early = await write(lucia, 'La piscina', 'Aprendí a nadar en Ipiales.')
    const earlyPhoto = await attach(lucia, early.id)
    expect((await call(lucia)({ method: 'PUT', url: `/api/biography/entries/${early.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    expect((await call(rosa)({ method: 'GET', url: `/api/media/${earlyPhoto}/content` })).statusCode).toBe(200)
    expect((await call(viewer)({ method: 'GET', url: `/api/media/${earlyPhoto}/content` })).statusCode).toBe(404)
    expect((await call(viewer)({ method: 'GET', url: `/api/media/${earlyPhoto}` })).statusCode).toBe(404)
    expect((await call(rosa)({ method: 'PUT', url: `/api/family-tree/members/${granddaughter.memberId}/open-to-viewers`, payload: { open: true } })).statusCode).toBe(204)
    expect((await call(viewer)({ method: 'GET', url: `/api/media/${earlyPhoto}/content` })).statusCode).toBe(200)
    expect(await sharedOn(viewer, granddaughter.memberId)).toEqual([
      expect.objectContaining({ kind: 'memory', id: early.id, mediaAssetIds: [earlyPhoto] }),
      expect.objectContaining({ kind: 'story', id: story.id, text: 'El volcán dormía.' }),
    ])
    // The photo of a memory shared about the opened-up granddaughter is the viewer's to see too.
    const entry = await write(lucia, 'El volcán', 'Subimos al volcán.')
    const photo = await attach(lucia, entry.id)
    expect((await call(viewer)({ method: 'GET', url: `/api/media/${photo}/content` })).statusCode).toBe(404)
    expect((await call(lucia)({ method: 'PUT', url: `/api/biography/entries/${entry.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    expect((await call(viewer)({ method: 'GET', url: `/api/media/${photo}/content` })).statusCode).toBe(200)
  })

  it('shows a shared AI-lab story on its author’s card and the owner’s memory about herself on hers, newest first', async () => {
    const author = await joined('contributor', { name: 'Luz Gil' })
    const story = (
      await call(author)({
        method: 'POST',
        url: '/api/ai-lab/memories',
        payload: { originalText: 'El río cantaba.', aiVariationText: 'El río cantaba boleros.', saveMethod: 'withVariation' },
      })
    ).json()
    const put = await call(author)({ method: 'PUT', url: `/api/ai-lab/memories/${story.id}/share`, payload: { treeId } })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().sharedWith).toHaveLength(1)
    expect((await call(author)({ method: 'GET', url: '/api/ai-lab/memories' })).json().memories[0].sharedWith).toHaveLength(1)
    // Lucía is nobody's card: her story is on no page, but the owner's memory is on the owner's.
    const first = await write(rosa, 'La finca', 'Crecí en una finca cafetera.')
    const second = await write(rosa, 'El colegio', 'Las monjas me enseñaron a coser.')
    for (const entry of [first, second]) expect((await call(rosa)({ method: 'PUT', url: `/api/biography/entries/${entry.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    // Newest first by the time of sharing, set apart here: two requests may share one clock tick.
    for (const [entry, at] of [
      [first, '2026-01-01T10:00:00.000Z'],
      [second, '2026-02-01T10:00:00.000Z'],
    ] as const)
      await t.db.updateTable('treeSharedMemory').set({ sharedAt: at }).where('entryId', '=', entry.id).execute()
    expect((await sharedOn(author, rosaSelf.memberId)).map((memory) => memory.id)).toEqual([second.id, first.id])

    const linked = await joined('contributor', { name: 'Ana Gil' })
    const card = (
      await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Ana', lastName: 'Gil', relationshipToOwner: 'Hija', isDeceased: true } })
    ).json().member as Member
    const link = (await call(rosa)({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload: { role: 'contributor', memberId: card.memberId } })).json().url
    expect((await call(linked)({ method: 'POST', url: `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`, payload: {} })).statusCode).toBe(200)
    const hers = (await call(linked)({ method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'Soñé con el mar.', saveMethod: 'original' } })).json()
    expect((await call(linked)({ method: 'PUT', url: `/api/ai-lab/memories/${hers.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    expect(await sharedOn(rosa, card.memberId)).toEqual([expect.objectContaining({ kind: 'story', id: hers.id, authorName: 'Ana Gil', text: 'Soñé con el mar.', variation: null })])
    expect((await call(linked)({ method: 'DELETE', url: `/api/ai-lab/memories/${hers.id}/share/${treeId}` })).statusCode).toBe(204)
    expect(await sharedOn(rosa, card.memberId)).toEqual([])
  })

  it('shows the keeper’s own story on the keeper’s own card and in the family’s news, though that card is linked to no account', async () => {
    const reader = await joined('contributor', { name: 'Inés Gil' })
    const story = (await call(rosa)({ method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'La abuela cantaba en la cosecha.', saveMethod: 'original' } })).json()
    expect((await call(rosa)({ method: 'PUT', url: `/api/ai-lab/memories/${story.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    expect(await sharedOn(reader, rosaSelf.memberId)).toContainEqual(expect.objectContaining({ kind: 'story', id: story.id, text: 'La abuela cantaba en la cosecha.' }))
    const news = (await call(reader)({ method: 'GET', url: '/api/dashboard/family-news' })).json().items as { id: string; memberId: string | null }[]
    expect(news.find((item) => item.id === story.id)?.memberId).toBe(rosaSelf.memberId)
    // Nobody else's card shows it.
    expect((await sharedOn(reader, grandson.memberId)).map((item) => item.id)).not.toContain(story.id)
  })

  it('answers 404 for another person’s memory or story and for a tree one is not in, and 403 to a viewer sharing', async () => {
    const stranger = await createTestUser(t.app)
    await call(stranger)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Otra Persona' } })
    const strangersTree = (await call(stranger)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    const rosas = await write(rosa, 'Un secreto', 'Esto es solo mío.')
    const story = (await call(rosa)({ method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'Mío también.', saveMethod: 'original' } })).json()

    for (const request of [
      { method: 'PUT' as const, url: `/api/biography/entries/${rosas.id}/share`, payload: { treeId: strangersTree } },
      { method: 'DELETE' as const, url: `/api/biography/entries/${rosas.id}/share/${treeId}` },
      { method: 'PUT' as const, url: `/api/ai-lab/memories/${story.id}/share`, payload: { treeId: strangersTree } },
      { method: 'DELETE' as const, url: `/api/ai-lab/memories/${story.id}/share/${treeId}` },
      { method: 'GET' as const, url: `/api/family-tree/members/${grandson.memberId}/shared-memories` },
    ]) {
      const response = await call(stranger)(request)
      expect(response.statusCode, request.url).toBe(404)
    }
    const intoTheirs = await call(rosa)({ method: 'PUT', url: `/api/biography/entries/${rosas.id}/share`, payload: { treeId: strangersTree } })
    expect(intoTheirs.statusCode).toBe(404)
    expect((await call(rosa)({ method: 'DELETE', url: `/api/ai-lab/memories/${story.id}/share/${strangersTree}` })).statusCode).toBe(404)

    const viewer = await joined('viewer', { name: 'Marta Gil' })
    const hers = await write(viewer, 'Lo mío', 'Un recuerdo de Marta.')
    const refused = await call(viewer)({ method: 'PUT', url: `/api/biography/entries/${hers.id}/share`, payload: { treeId } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('forbidden')
    expect((await call(rosa)({ method: 'GET', url: '/api/biography/entries' })).json().entries.find((e: { id: string }) => e.id === rosas.id).sharedWith).toEqual([])
  })
})
