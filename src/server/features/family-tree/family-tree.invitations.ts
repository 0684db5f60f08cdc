import { createHash, randomBytes } from 'node:crypto'
import type { AcceptedInvitation, CreatedInvitation, Invitation, InvitationPreview, InvitationStatus } from '../../../shared/contracts/family-circle.ts'
import { joinFullName } from '../../../shared/family-tree/full-name.ts'
import { isTreeRole, type TreeAction, type TreeRole } from '../../../shared/family-tree/roles.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { CircleRepository, MembershipRow } from './family-tree.circle.repository.ts'
import type { InvitationRow } from './family-tree.invitations.repository.ts'
import { invitationMessage } from './family-tree.invitation-mail.ts'

interface Deps {
  repo: CircleRepository
  mailer?: { send(message: { to: string; subject: string; text: string; html: string }): Promise<void> }
  /** Where links point (the public address of the server). */
  origin: string
  log?: { error(details: object, message: string): void }
  /** The circle's own checks: someone's membership of a tree (404 for anyone else), and their role's rights. */
  membershipIn(userId: string, treeId: string): Promise<MembershipRow>
  refuseUnless(role: string, action: TreeAction): void
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const dayMs = 24 * 60 * 60 * 1000
/** More open invitations than any family needs: a bound on what one tree can pile up. */
const maxOpenInvitations = 100

function statusOf(row: InvitationRow, now: string): InvitationStatus {
  if (row.acceptedAt) return 'accepted'
  if (row.declinedAt) return 'declined'
  if (row.revokedAt) return 'revoked'
  return toIsoString(row.expiresAt) <= now ? 'expired' : 'pending'
}

export function toInvitation(row: InvitationRow, now: string): Invitation {
  return {
    invitationId: row.id,
    role: row.role as TreeRole,
    memberId: row.memberId,
    memberName: joinFullName(row.memberFirstName, row.memberLastName),
    email: row.email,
    invitedByName: row.invitedByName,
    createdAt: toIsoString(row.createdAt),
    expiresAt: toIsoString(row.expiresAt),
    status: statusOf(row, now),
    sentAt: row.sentAt ? toIsoString(row.sentAt) : null,
  }
}

/**
 * Invitations to a tree (docs/decisions/0043): a link shown once (only its hash is kept) that
 * expires, works once and can be withdrawn, mailed too where the server can; its page needs no
 * session, and accepting it joins the tree and links the card it names.
 */
export function createInvitations({ repo, mailer, origin, log, membershipIn, refuseUnless }: Deps) {
  async function openInvitation(token: string): Promise<InvitationRow> {
    const row = token.length >= 20 && token.length <= 100 ? await repo.invitationByHash(hashToken(token)) : undefined
    if (!row) throw notFound('Invitation')
    return row
  }

  function refuseClosed(row: InvitationRow, now: string): void {
    const status = statusOf(row, now)
    if (status === 'expired') throw new AppError('invitation.expired', 'This invitation has expired')
    if (status === 'revoked') throw new AppError('invitation.revoked', 'This invitation was withdrawn')
    if (status !== 'pending') throw new AppError('invitation.used', 'This invitation has already been answered')
  }

  return {
    async createInvitation(
      userId: string,
      treeId: string,
      input: { role: 'editor' | 'contributor' | 'viewer'; memberId?: string | null; email?: string | null; expiresInDays: number; language?: Language },
    ): Promise<CreatedInvitation> {
      const mine = await membershipIn(userId, treeId)
      refuseUnless(mine.role, 'circle.invite')
      // An editor invites editors at most; only the owner hands out the owner's powers (by handing over).
      const now = nowIso()
      if ((await repo.countOpenInvitations(treeId, now)) >= maxOpenInvitations)
        throw new AppError('conflict', `A tree may have at most ${maxOpenInvitations} invitations waiting; withdraw some first`)
      const memberId = input.memberId ?? null
      if (memberId) {
        const member = await repo.memberOfTree(treeId, memberId)
        if (!member) throw new AppError('validation_failed', 'The member is not in this tree', [{ path: 'memberId', code: 'member.unknown_relative' }])
        if (member.linkedUserId) throw new AppError('circle.member_linked', 'Someone is already linked to this member')
      }
      const token = randomBytes(32).toString('base64url')
      const id = newId()
      const expiresAt = new Date(Date.parse(now) + input.expiresInDays * dayMs).toISOString()
      await repo.transaction(async (q) => {
        await q.insertInvitation({
          id,
          treeId,
          tokenHash: hashToken(token),
          role: input.role,
          memberId,
          invitedByUserId: userId,
          email: input.email ?? null,
          createdAt: now,
          expiresAt,
        })
        if (memberId) await q.markMemberPending(memberId, userId)
      })
      const url = `${origin}/invitation/${token}`
      let mailed = false
      const row = await repo.invitationById(treeId, id)
      if (!row) throw notFound('Invitation')
      if (input.email && mailer) {
        try {
          await mailer.send(
            invitationMessage(input.language ?? 'es', {
              to: input.email,
              invitedBy: row.invitedByName,
              treeName: row.treeName,
              role: input.role,
              memberName: joinFullName(row.memberFirstName, row.memberLastName),
              link: url,
              expiresAt,
            }),
          )
          const sentAt = nowIso()
          await repo.markInvitation(id, { sentAt })
          row.sentAt = sentAt
          mailed = true
        } catch (error) {
          // The link still works: the page shows it to be passed on by hand.
          log?.error({ err: error }, 'an invitation e-mail could not be sent')
        }
      }
      return { invitation: toInvitation(row, now), url, mailed }
    },

    async revokeInvitation(userId: string, treeId: string, invitationId: string): Promise<void> {
      const mine = await membershipIn(userId, treeId)
      refuseUnless(mine.role, 'circle.invite')
      const row = await repo.invitationById(treeId, invitationId)
      if (!row) throw notFound('Invitation')
      const now = nowIso()
      await repo.markInvitation(invitationId, { revokedAt: now })
      if (row.memberId) await repo.clearPendingIfNoInvitation(row.memberId, now)
    },

    /** What the invitation page shows before anyone signs in: who invites, to which tree, as what. */
    async previewInvitation(token: string): Promise<InvitationPreview> {
      const row = await openInvitation(token)
      return {
        invitedByName: row.invitedByName,
        treeName: row.treeName,
        role: row.role as TreeRole,
        memberName: joinFullName(row.memberFirstName, row.memberLastName),
        expiresAt: toIsoString(row.expiresAt),
        status: statusOf(row, nowIso()),
      }
    },

    /**
     * Joins the tree with the invitation's role (someone already in it keeps theirs), links the
     * member it names when the card is free, and makes it the tree their pages show.
     */
    async acceptInvitation(userId: string, token: string): Promise<AcceptedInvitation> {
      const row = await openInvitation(token)
      const now = nowIso()
      refuseClosed(row, now)
      return repo.transaction(async (q) => {
        if (!(await q.markInvitation(row.id, { acceptedAt: now, acceptedByUserId: userId }))) throw new AppError('invitation.used', 'This invitation has already been answered')
        const existing = await q.membership(row.treeId, userId)
        if (!existing) await q.insertMembership({ treeId: row.treeId, userId, role: row.role, invitedByUserId: row.invitedByUserId, at: now })
        await q.choose(row.treeId, userId, now)
        let linkedMemberId: string | null = null
        if (row.memberId) {
          const member = await q.memberOfTree(row.treeId, row.memberId)
          const alreadyLinked = await q.linkedMember(row.treeId, userId)
          if (member && !member.linkedUserId && !alreadyLinked) {
            await q.linkMember(member.id, userId, row.invitedByUserId)
            linkedMemberId = member.id
          } else if (alreadyLinked) linkedMemberId = alreadyLinked.id
        }
        const role = (existing?.role ?? row.role) as TreeRole
        return { treeId: row.treeId, role: isTreeRole(role) ? role : 'viewer', linkedMemberId }
      })
    },

    async declineInvitation(token: string): Promise<void> {
      const row = await openInvitation(token)
      const now = nowIso()
      refuseClosed(row, now)
      if (!(await repo.markInvitation(row.id, { declinedAt: now }))) throw new AppError('invitation.used', 'This invitation has already been answered')
      if (row.memberId) await repo.clearPendingIfNoInvitation(row.memberId, now)
    },
  }
}
