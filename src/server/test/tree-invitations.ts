import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { TreeRole } from '../../shared/family-tree/roles.ts'
import { as, type TestUser } from './test-app.ts'

interface Joining {
  inviter: TestUser
  invitee: TestUser
  treeId: string
  role: TreeRole
  /** The card the invitation is for, when it is someone's own. */
  memberId?: string | undefined
}

/**
 * `invitee` joins `treeId` with `role` as a person does: `inviter` makes an invitation and the
 * invitee accepts it by the token at the end of its link.
 */
export async function joinByInvitation(app: FastifyInstance, { inviter, invitee, treeId, role, memberId }: Joining): Promise<void> {
  const made = await as(app, inviter)({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload: { role, ...(memberId ? { memberId } : {}) } })
  expect(made.statusCode, made.body).toBe(201)
  const { url } = made.json<{ url: string }>()
  const accepted = await as(app, invitee)({ method: 'POST', url: `/api/invitations/${url.slice(url.lastIndexOf('/') + 1)}/accept`, payload: {} })
  expect(accepted.statusCode, accepted.body).toBe(200)
}
