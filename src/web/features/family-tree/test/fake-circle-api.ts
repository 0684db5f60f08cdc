import type { Circle, CirclePerson, Invitation, InvitationPreview, TreeList, TreeSummary } from '../../../../shared/contracts/family-circle.ts'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { fakeApi, type RecordedRequest } from '../../../test/http.ts'
import { indexEntryOf } from '../lib/tree-index.ts'
import { errorResponse, jsonResponse } from './fake-family-api.ts'

const at = '2026-03-01T09:00:00.000Z'

export function buildTree(overrides: Partial<TreeSummary> = {}): TreeSummary {
  return { treeId: 'tree-rosa', treeName: 'Árbol de Rosa', role: 'owner', ownerName: 'Rosa Pérez', isActive: true, isOwn: true, ...overrides }
}

export function buildPerson(overrides: Partial<CirclePerson> = {}): CirclePerson {
  return { userId: 'u1', name: 'Rosa Pérez', role: 'owner', joinedAt: at, linkedMemberId: null, linkedMemberName: null, isYou: true, isHolder: true, ...overrides }
}

export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    invitationId: 'inv-1',
    role: 'contributor',
    memberId: null,
    memberName: null,
    email: null,
    invitedByName: 'Rosa Pérez',
    createdAt: at,
    expiresAt: '2026-03-15T09:00:00.000Z',
    status: 'pending',
    sentAt: null,
    ...overrides,
  }
}

export function buildPreview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    invitedByName: 'Rosa Pérez',
    treeName: 'Árbol de Rosa',
    role: 'contributor',
    memberName: 'Tomás Pérez',
    expiresAt: '2026-03-15T09:00:00.000Z',
    status: 'pending',
    ...overrides,
  }
}

interface CircleFixture {
  trees?: TreeList
  circle?: Circle
  members?: Member[]
  preview?: InvitationPreview
}

/**
 * The circle's routes behind a spied `fetch`: the trees, one circle, its tree's members, an
 * invitation's preview; writes answer as the server does and change what is read next.
 */
export function fakeCircleApi({ trees = { trees: [buildTree()], hasOwnTree: true }, circle, members = [], preview }: CircleFixture = {}) {
  let currentTrees = trees
  let currentCircle = circle
  function route({ method, body }: RecordedRequest, url: URL) {
    const pathname = url.pathname
    if (method === 'GET' && pathname === '/api/trees') return jsonResponse(currentTrees)
    if (method === 'PUT' && pathname === '/api/trees/active') {
      const chosen = (body as { treeId?: string }).treeId
      currentTrees = { ...currentTrees, trees: currentTrees.trees.map((tree) => ({ ...tree, isActive: chosen ? tree.treeId === chosen : tree.isOwn })) }
      return jsonResponse(currentTrees)
    }
    // The circle names a card from the index of names, never from the whole tree.
    if (method === 'GET' && pathname === '/api/family-tree/index') {
      const tree = members.length > 0 ? { ownerId: 'u1', treeName: 'Árbol de Rosa', createdAt: at, lastModified: at } : null
      return jsonResponse({ tree, version: 'v1', people: members.map(indexEntryOf) })
    }
    if (currentCircle && pathname === `/api/trees/${currentCircle.treeId}/circle`) return jsonResponse(currentCircle)
    if (currentCircle && method === 'POST' && pathname === `/api/trees/${currentCircle.treeId}/invitations`) {
      const sent = body as { role: Invitation['role']; memberId?: string; email?: string }
      const member = members.find((one) => one.memberId === sent.memberId)
      const invitation = buildInvitation({
        invitationId: 'inv-new',
        role: sent.role,
        memberId: sent.memberId ?? null,
        memberName: member ? `${member.firstName} ${member.lastName}` : null,
      })
      currentCircle = { ...currentCircle, invitations: [...currentCircle.invitations, invitation] }
      return jsonResponse({ invitation, url: 'http://legado.test/invitation/un-token-largo-de-prueba-123', mailed: false }, 201)
    }
    const invitationId = currentCircle && new RegExp(`^/api/trees/${currentCircle.treeId}/invitations/([^/]+)$`).exec(pathname)?.[1]
    if (currentCircle && invitationId && method === 'DELETE') {
      currentCircle = { ...currentCircle, invitations: currentCircle.invitations.filter((one) => one.invitationId !== invitationId) }
      return new Response(null, { status: 204 })
    }
    const personId = currentCircle && new RegExp(`^/api/trees/${currentCircle.treeId}/people/([^/]+)$`).exec(pathname)?.[1]
    if (currentCircle && personId) {
      const people = currentCircle.people
      if (method === 'PATCH') {
        const role = (body as { role: CirclePerson['role'] }).role
        currentCircle = {
          ...currentCircle,
          people: people.map((one) => (one.userId === personId ? { ...one, role } : role === 'owner' && one.isYou ? { ...one, role: 'editor' } : one)),
        }
      } else currentCircle = { ...currentCircle, people: people.filter((one) => one.userId !== personId) }
      return new Response(null, { status: 204 })
    }
    if (preview && method === 'GET' && pathname.startsWith('/api/invitations/')) return jsonResponse(preview)
    if (preview && method === 'POST' && pathname.endsWith('/accept'))
      return jsonResponse({ treeId: 'tree-rosa', role: preview.role, linkedMemberId: preview.memberName ? 'member-tomas' : null })
    if (preview && method === 'POST' && pathname.endsWith('/decline')) return new Response(null, { status: 204 })
    return errorResponse(404, 'not_found')
  }
  return fakeApi(route)
}
