import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Circle, CreatedInvitation, TreeList } from '../../../shared/contracts/family-circle.ts'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { linkIn, startSmtpInbox, type ReceivedMail } from '../../test/smtp-inbox.ts'

// A tree shared with the family: invitations with a role, a card linked to the person who accepts
// it, the people and their roles, leaving and removing.

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)

describe.each(testDatabases)('the family circle, on %s', (database) => {
  let t: TestApp
  const mails: ReceivedMail[] = []
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>

  const call = (user: TestUser) => as(t.app, user)
  const tree = async (user: TestUser): Promise<FamilyTree> => (await call(user)({ method: 'GET', url: '/api/family-tree' })).json()
  const trees = async (user: TestUser): Promise<TreeList> => (await call(user)({ method: 'GET', url: '/api/trees' })).json()
  const circleOf = async (user: TestUser, treeId: string): Promise<Circle> => (await call(user)({ method: 'GET', url: `/api/trees/${treeId}/circle` })).json()
  const addMember = async (user: TestUser, firstName: string, extra: object = {}): Promise<Member> => {
    const response = await call(user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName, lastName: 'Pérez', relationshipToOwner: 'Nieto', ...extra } })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member
  }
  const invite = async (user: TestUser, treeId: string, payload: object): Promise<CreatedInvitation> => {
    const response = await call(user)({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json()
  }
  const accept = (user: TestUser, url: string) => call(user)({ method: 'POST', url: `/api/invitations/${tokenOf(url)}/accept`, payload: {} })

  /** A grandmother with a tree holding her grandson's card. */
  async function grandmother() {
    const rosa = await createTestUser(t.app, { name: 'Rosa Pérez' })
    const tomas = await addMember(rosa, 'Tomás', { birthDate: '2001-04-02', birthPlace: 'Pasto' })
    const {
      trees: [own],
    } = await trees(rosa)
    return { rosa, tomas, treeId: own!.treeId }
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox((mail) => mails.push(mail))
    t = await createTestApp(database, { SMTP_URL: inbox.url, PUBLIC_URL: 'https://legado.example' })
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  it('links the grandson to his card when he accepts, shows him her tree and both of them in its circle', async () => {
    const { rosa, tomas, treeId } = await grandmother()
    const created = await invite(rosa, treeId, { role: 'contributor', memberId: tomas.memberId })
    expect(created.url).toMatch(/^https:\/\/legado\.example\/invitation\/[\w-]{40,}$/)
    expect(created.invitation).toMatchObject({ role: 'contributor', memberName: 'Tomás Pérez', status: 'pending', invitedByName: 'Rosa Pérez' })
    expect((await tree(rosa)).members.find((m) => m.memberId === tomas.memberId)).toMatchObject({ connectionStatus: 'pending' })

    // Before anyone signs in, the link says who invites, to which tree and as what.
    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${tokenOf(created.url)}` })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ invitedByName: 'Rosa Pérez', role: 'contributor', memberName: 'Tomás Pérez', status: 'pending' })

    const grandson = await createTestUser(t.app, { name: 'Tomás Pérez' })
    const accepted = await accept(grandson, created.url)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({ treeId, role: 'contributor', linkedMemberId: tomas.memberId })

    const seen = await tree(grandson)
    expect(seen.members.map((m) => m.firstName)).toEqual(['Tomás'])
    expect(seen.members[0]).toMatchObject({ linkedUserAccountId: grandson.id, connectionStatus: 'accepted', connectionRequestSentBy: rosa.id })
    expect((await trees(grandson)).trees).toEqual([expect.objectContaining({ treeId, role: 'contributor', ownerName: 'Rosa Pérez', isActive: true, isOwn: false })])

    const circle = await circleOf(rosa, treeId)
    expect(circle.people.map((p) => [p.name, p.role, p.linkedMemberName, p.isHolder])).toEqual([
      ['Rosa Pérez', 'owner', null, true],
      ['Tomás Pérez', 'contributor', 'Tomás Pérez', false],
    ])
    expect(circle.invitations).toEqual([])
    // The link worked once.
    const again = await accept(await createTestUser(t.app), created.url)
    expect(again.statusCode).toBe(410)
    expect(again.json().error.code).toBe('invitation.used')
  })

  it('lets a contributor correct his own card but not anyone else’s, nor add people', async () => {
    const { rosa, tomas, treeId } = await grandmother()
    const other = await addMember(rosa, 'Aurora', { relationshipToOwner: 'Madre' })
    const grandson = await createTestUser(t.app)
    await accept(grandson, (await invite(rosa, treeId, { role: 'contributor', memberId: tomas.memberId })).url)

    const own = await call(grandson)({ method: 'PATCH', url: `/api/family-tree/members/${tomas.memberId}`, payload: { birthPlace: 'Pasto, Nariño' } })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().member.birthPlace).toBe('Pasto, Nariño')
    const relations = await call(grandson)({ method: 'PATCH', url: `/api/family-tree/members/${tomas.memberId}`, payload: { parentMemberIds: [other.memberId] } })
    expect(relations.statusCode).toBe(403)
    expect((await call(grandson)({ method: 'PATCH', url: `/api/family-tree/members/${other.memberId}`, payload: { birthPlace: 'Quito' } })).statusCode).toBe(403)
    expect((await call(grandson)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'X', lastName: 'Y', relationshipToOwner: 'Tío' } })).statusCode).toBe(403)
    expect((await call(grandson)({ method: 'DELETE', url: `/api/family-tree/members/${other.memberId}` })).statusCode).toBe(403)
    expect((await tree(rosa)).members.find((m) => m.memberId === other.memberId)?.birthPlace).toBe('')
  })

  it('mails the invitation when asked, in the invited person’s language, with a link that opens it', async () => {
    const { rosa, treeId } = await grandmother()
    const created = await invite(rosa, treeId, { role: 'viewer', email: 'lucia@example.org', language: 'fr' })
    expect(created.mailed).toBe(true)
    expect(created.invitation.sentAt).not.toBeNull()
    const mail = mails.find((m) => m.to.includes('lucia@example.org'))!
    expect(mail.subject).toBe('Rosa Pérez vous invite dans son arbre familial sur Legado')
    expect(mail.text).toContain('Vous pourrez voir l’arbre et écouter ses histoires.')
    expect(linkIn(mail)).toBe(created.url)
  })

  it('refuses invitations withdrawn, expired or declined, and lets only owners and editors invite', async () => {
    const { rosa, tomas, treeId } = await grandmother()
    const withdrawn = await invite(rosa, treeId, { role: 'viewer', memberId: tomas.memberId })
    expect((await call(rosa)({ method: 'DELETE', url: `/api/trees/${treeId}/invitations/${withdrawn.invitation.invitationId}` })).statusCode).toBe(204)
    const late = await accept(await createTestUser(t.app), withdrawn.url)
    expect([late.statusCode, late.json().error.code]).toEqual([410, 'invitation.revoked'])
    // Nobody waits on the card any more.
    expect((await tree(rosa)).members.find((m) => m.memberId === tomas.memberId)?.connectionStatus).toBeNull()

    const old = await invite(rosa, treeId, { role: 'viewer' })
    await t.db
      .updateTable('treeInvitation')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old.invitation.invitationId)
      .execute()
    const expired = await accept(await createTestUser(t.app), old.url)
    expect([expired.statusCode, expired.json().error.code]).toEqual([410, 'invitation.expired'])

    const declined = await invite(rosa, treeId, { role: 'viewer' })
    expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${tokenOf(declined.url)}/decline` })).statusCode).toBe(204)
    expect((await accept(await createTestUser(t.app), declined.url)).json().error.code).toBe('invitation.used')

    const viewer = await createTestUser(t.app)
    await accept(viewer, (await invite(rosa, treeId, { role: 'viewer' })).url)
    expect((await call(viewer)({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload: { role: 'viewer' } })).statusCode).toBe(403)
    expect((await circleOf(viewer, treeId)).invitations).toEqual([])
    const editor = await createTestUser(t.app)
    await accept(editor, (await invite(rosa, treeId, { role: 'editor' })).url)
    expect((await call(editor)({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload: { role: 'editor' } })).statusCode).toBe(201)

    // Someone outside the tree does not learn it exists; an unknown link is not found.
    const stranger = await createTestUser(t.app)
    expect((await call(stranger)({ method: 'GET', url: `/api/trees/${treeId}/circle` })).statusCode).toBe(404)
    expect((await call(stranger)({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload: { role: 'viewer' } })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${'x'.repeat(43)}` })).statusCode).toBe(404)
  })

  it('hands the tree over, keeps the owner in it, and lets people leave or be removed, the holder too', async () => {
    const { rosa, tomas, treeId } = await grandmother()
    const grandson = await createTestUser(t.app)
    const daughter = await createTestUser(t.app)
    await accept(grandson, (await invite(rosa, treeId, { role: 'contributor', memberId: tomas.memberId })).url)
    await accept(daughter, (await invite(rosa, treeId, { role: 'editor' })).url)

    const ownLeave = await call(rosa)({ method: 'DELETE', url: `/api/trees/${treeId}/people/${rosa.id}` })
    expect([ownLeave.statusCode, ownLeave.json().error.code]).toEqual([409, 'circle.owner_stays'])
    expect((await call(daughter)({ method: 'DELETE', url: `/api/trees/${treeId}/people/${grandson.id}` })).statusCode).toBe(403)
    expect((await call(daughter)({ method: 'PATCH', url: `/api/trees/${treeId}/people/${grandson.id}`, payload: { role: 'editor' } })).statusCode).toBe(403)

    expect((await call(rosa)({ method: 'PATCH', url: `/api/trees/${treeId}/people/${daughter.id}`, payload: { role: 'owner' } })).statusCode).toBe(204)
    const roles = Object.fromEntries((await circleOf(daughter, treeId)).people.map((p) => [p.userId, p.role]))
    expect(roles).toEqual({ [rosa.id]: 'editor', [daughter.id]: 'owner', [grandson.id]: 'contributor' })

    expect((await call(grandson)({ method: 'DELETE', url: `/api/trees/${treeId}/people/${grandson.id}` })).statusCode).toBe(204)
    expect((await call(grandson)({ method: 'GET', url: `/api/trees/${treeId}/circle` })).statusCode).toBe(404)
    expect((await tree(rosa)).members.find((m) => m.memberId === tomas.memberId)).toMatchObject({ linkedUserAccountId: null, connectionStatus: null })
    // Without a tree of his own or any other, his pages are his own empty tree again.
    expect((await trees(grandson)).trees).toEqual([])
    expect((await call(grandson)({ method: 'GET', url: '/api/family-tree' })).json().members).toEqual([])

    // The tree kept in the grandmother's account moves to a keeper of its own as she goes: it stays whole with its owner.
    const members = (await tree(daughter)).members.length
    expect((await call(daughter)({ method: 'DELETE', url: `/api/trees/${treeId}/people/${rosa.id}` })).statusCode).toBe(204)
    expect((await circleOf(daughter, treeId)).people.map((p) => p.userId)).toEqual([daughter.id])
    expect((await tree(daughter)).members).toHaveLength(members)
    expect((await trees(rosa)).trees.map((row) => row.treeId)).not.toContain(treeId)
  })

  it('switches between one’s own tree and one shared with one, and starts one’s own when asked', async () => {
    const { rosa, treeId } = await grandmother()
    const lucia = await createTestUser(t.app, { name: 'Lucía Gil' })
    await accept(lucia, (await invite(rosa, treeId, { role: 'viewer' })).url)
    expect((await trees(lucia)).hasOwnTree).toBe(false)
    const started = await call(lucia)({ method: 'PUT', url: '/api/trees/active', payload: { own: true } })
    expect(started.statusCode, started.body).toBe(200)
    const list: TreeList = started.json()
    expect(list.hasOwnTree).toBe(true)
    expect(list.trees.find((tr) => tr.isActive)).toMatchObject({ isOwn: true, role: 'owner', treeName: 'Árbol de Lucía Gil' })
    await addMember(lucia, 'Marta')
    expect((await tree(lucia)).members.map((m) => m.firstName)).toEqual(['Marta'])
    expect((await call(lucia)({ method: 'PUT', url: '/api/trees/active', payload: { treeId } })).statusCode).toBe(200)
    expect((await tree(lucia)).members.map((m) => m.firstName)).toEqual(['Tomás'])
    expect((await tree(rosa)).members.map((m) => m.firstName)).toEqual(['Tomás'])
    // Her own card starts a tree of her own without taking her away from the one she is looking at.
    const marta = await createTestUser(t.app, { name: 'Marta Gil' })
    await accept(marta, (await invite(rosa, treeId, { role: 'viewer' })).url)
    expect((await call(marta)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Marta Gil' } })).statusCode).toBe(201)
    expect((await trees(marta)).trees.find((tr) => tr.isActive)).toMatchObject({ treeId, isOwn: false })
    const stranger = await createTestUser(t.app)
    expect((await call(stranger)({ method: 'PUT', url: '/api/trees/active', payload: { treeId } })).statusCode).toBe(404)
  })
})
