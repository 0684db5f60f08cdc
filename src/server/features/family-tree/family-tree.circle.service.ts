import { createHash, randomBytes } from 'node:crypto'
import type {
  AccountReach,
  AcceptedInvitation,
  ChooseTree,
  Circle,
  CreatedInvitation,
  Invitation,
  InvitationPreview,
  InvitationStatus,
  TreeList,
} from '../../../shared/contracts/family-circle.ts'
import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { isLiving } from '../../../shared/family-tree/living.ts'
import { isTreeRole, roleMay, type TreeAction, type TreeActor, type TreeRole } from '../../../shared/family-tree/roles.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { CircleRepository, InvitationRow, MembershipRow } from './family-tree.circle.repository.ts'
import { invitationMessage } from './family-tree.invitation-mail.ts'

/**
 * The tree a request acts on and what the person may do there. The tree's rows carry its holder's
 * key (`holderId`): every repository of the tree is asked with it, never with the person's own id.
 */
export interface TreeAccess extends TreeActor {
  /** Null while the person has no tree at all: their first relative starts their own. */
  treeId: string | null
}

interface Deps {
  repo: CircleRepository
  /** Starts the person's own (empty) tree and answers its id. */
  startOwnTree(userId: string): Promise<string>
  mailer?: { send(message: { to: string; subject: string; text: string; html: string }): Promise<void> }
  /** Where links point (the public address of the server). */
  origin: string
  log?: { error(details: object, message: string): void }
  /** What a person added to trees of others, by the tree's holder: interviews and files (kept by their features). */
  authored?: { interviews(userId: string): Promise<Map<string, number>>; files(userId: string): Promise<Map<string, number>> }
  /** Moves a tree to a keeper of its own, so the account it is kept in can leave it (ADR 0046). */
  keepTree?(treeId: string, holderId: string): Promise<void>
}

const dayMs = 24 * 60 * 60 * 1000
/** More open invitations than any family needs: a bound on what one tree can pile up. */
const maxOpenInvitations = 100

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim()
  return name || null
}

function statusOf(row: InvitationRow, now: string): InvitationStatus {
  if (row.acceptedAt) return 'accepted'
  if (row.declinedAt) return 'declined'
  if (row.revokedAt) return 'revoked'
  return toIsoString(row.expiresAt) <= now ? 'expired' : 'pending'
}

/** The account's name, else the linked card's, else (where it may be shown) the e-mail. */
function nameOf(accountName: string | null, cardName: string | null, email: string | null): string {
  return accountName?.trim() || cardName || email || ''
}

function toInvitation(row: InvitationRow, now: string): Invitation {
  return {
    invitationId: row.id,
    role: row.role as TreeRole,
    memberId: row.memberId,
    memberName: fullName(row.memberFirstName, row.memberLastName),
    email: row.email,
    invitedByName: row.invitedByName,
    createdAt: toIsoString(row.createdAt),
    expiresAt: toIsoString(row.expiresAt),
    status: statusOf(row, now),
    sentAt: row.sentAt ? toIsoString(row.sentAt) : null,
  }
}

function toAccess(userId: string, row: MembershipRow): TreeAccess {
  return { userId, treeId: row.treeId, holderId: row.holderId, role: isTreeRole(row.role) ? row.role : 'viewer' }
}

export function createCircleService({ repo, startOwnTree, mailer, origin, log, authored, keepTree }: Deps) {
  /** Someone's membership of a tree; anyone else is told the tree does not exist. */
  async function membershipIn(userId: string, treeId: string): Promise<MembershipRow> {
    const row = await repo.membership(treeId, userId)
    if (!row) throw notFound('Tree')
    return row
  }

  function refuseUnless(role: string, action: TreeAction): void {
    if (!roleMay(role, action)) throw new AppError('forbidden', `Your role in this tree does not allow ${action}`)
  }

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
    /**
     * The tree the person's pages show: the one they chose last. Without any membership they act
     * on their own tree-to-be, as its owner (their first relative starts it).
     */
    async access(userId: string): Promise<TreeAccess> {
      const row = await repo.activeMembership(userId)
      return row ? toAccess(userId, row) : { userId, treeId: null, holderId: userId, role: 'owner' }
    },

    /** `access`, refused with 403 when the person's role does not allow `action`. */
    async require(userId: string, action: TreeAction): Promise<TreeAccess> {
      const access = await this.access(userId)
      refuseUnless(access.role, action)
      return access
    },

    /**
     * Who may change a card: whoever edits the tree, and the person the card is, whatever their
     * role, for their own facts (not the links to others, which belong to the tree's editors).
     */
    async requireMemberChange(userId: string, memberId: string, changes: object): Promise<TreeAccess> {
      const access = await this.require(userId, 'tree.read')
      if (roleMay(access.role, 'tree.edit')) return access
      const member = access.treeId ? await repo.memberOfTree(access.treeId, memberId) : undefined
      if (!member) throw notFound('Member')
      const relationFields = ['parentMemberIds', 'parentLinks', 'childrenMemberIds', 'childLinks', 'spouseMemberIds', 'unions', 'isSelf', 'relationshipToOwner']
      if (member.linkedUserId !== userId || relationFields.some((field) => field in changes)) throw new AppError('forbidden', 'Your role in this tree does not allow tree.edit')
      return access
    },

    /**
     * Whether what is kept about a member (their facts, interviews, photos) is closed to this
     * person: a viewer meets a living person not opened up as a name and a relation only.
     */
    async isClosedToViewers(access: TreeAccess, memberId: string): Promise<boolean> {
      if (roleMay(access.role, 'tree.see-living')) return false
      const member = access.treeId ? await repo.memberOfTree(access.treeId, memberId) : undefined
      if (!member) return false
      return !member.openToViewers && isLiving({ isDeceased: Boolean(member.isDeceased), birthDate: member.birthDate, deathDate: member.deathDate }, todayCalendarDate())
    },

    /** The person's role in a tree, or undefined when they are not in it. */
    async roleIn(userId: string, treeId: string): Promise<TreeRole | undefined> {
      const row = await repo.membership(treeId, userId)
      return row ? toAccess(userId, row).role : undefined
    },

    /** The member of the tree linked to the person's account, if any. */
    async linkedMemberId(treeId: string, userId: string): Promise<string | undefined> {
      return (await repo.linkedMember(treeId, userId))?.id
    },

    /** A member of the tree and the account linked to it, if any; undefined when the tree has no such member. */
    async memberIn(treeId: string, memberId: string): Promise<{ memberId: string; linkedUserId: string | null } | undefined> {
      const member = await repo.memberOfTree(treeId, memberId)
      return member && { memberId: member.id, linkedUserId: member.linkedUserId }
    },

    async listTrees(userId: string): Promise<TreeList> {
      const rows = await repo.membershipsOf(userId)
      const active = rows.reduce<MembershipRow | undefined>((latest, row) => (!latest || toIsoString(row.chosenAt) > toIsoString(latest.chosenAt) ? row : latest), undefined)
      return {
        hasOwnTree: rows.some((row) => row.holderId === userId),
        trees: rows.map((row) => ({
          treeId: row.treeId,
          treeName: row.treeName,
          role: isTreeRole(row.role) ? row.role : 'viewer',
          ownerName: row.ownerName ?? '',
          isActive: row.treeId === active?.treeId,
          isOwn: row.holderId === userId,
        })),
      }
    },

    async chooseTree(userId: string, choice: ChooseTree): Promise<TreeList> {
      const now = nowIso()
      if ('own' in choice) {
        const treeId = (await repo.heldTreeId(userId)) ?? (await startOwnTree(userId))
        await repo.choose(treeId, userId, now)
      } else {
        await membershipIn(userId, choice.treeId)
        await repo.choose(choice.treeId, userId, now)
      }
      return this.listTrees(userId)
    },

    async circle(userId: string, treeId: string): Promise<Circle> {
      const mine = await membershipIn(userId, treeId)
      const now = nowIso()
      const [people, invitations] = await Promise.all([repo.peopleOf(treeId), roleMay(mine.role, 'circle.invite') ? repo.openInvitations(treeId) : Promise.resolve([])])
      return {
        treeId,
        treeName: mine.treeName,
        yourRole: isTreeRole(mine.role) ? mine.role : 'viewer',
        canMail: mailer !== undefined,
        people: people.map((person) => ({
          userId: person.userId,
          name: nameOf(person.name, fullName(person.linkedFirstName, person.linkedLastName), person.email),
          role: isTreeRole(person.role) ? person.role : 'viewer',
          joinedAt: toIsoString(person.joinedAt),
          linkedMemberId: person.linkedMemberId,
          linkedMemberName: fullName(person.linkedFirstName, person.linkedLastName),
          isYou: person.userId === userId,
          isHolder: person.userId === mine.holderId,
        })),
        invitations: invitations.map((row) => toInvitation(row, now)).filter((invitation) => invitation.status === 'pending' || invitation.status === 'expired'),
      }
    },

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
              memberName: fullName(row.memberFirstName, row.memberLastName),
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
        memberName: fullName(row.memberFirstName, row.memberLastName),
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

    /** The owner changes someone's role; making someone owner hands the tree over (the old owner becomes an editor). */
    async changeRole(userId: string, treeId: string, targetUserId: string, role: TreeRole): Promise<void> {
      const mine = await membershipIn(userId, treeId)
      refuseUnless(mine.role, 'circle.manage')
      await membershipIn(targetUserId, treeId)
      if (targetUserId === userId) throw new AppError('circle.owner_stays', 'Hand the tree over to someone else to change your own role')
      await repo.transaction(async (q) => {
        await q.setRole(treeId, targetUserId, role)
        if (role === 'owner') await q.setRole(treeId, userId, 'editor')
      })
    },

    /**
     * Someone leaves (themselves) or the owner removes them; their card is unlinked, what they added
     * stays. The account the tree is kept in hands the tree to a keeper of its own first.
     */
    async removePerson(userId: string, treeId: string, targetUserId: string): Promise<void> {
      const mine = await membershipIn(userId, treeId)
      const target = await membershipIn(targetUserId, treeId)
      if (targetUserId !== userId) refuseUnless(mine.role, 'circle.manage')
      if (target.role === 'owner') throw new AppError('circle.owner_stays', 'The owner stays in the tree; hand it over first')
      if (targetUserId === mine.holderId) {
        if (!keepTree) throw new AppError('circle.holder_stays', 'The tree is kept in this account, which stays in it')
        await keepTree(treeId, targetUserId)
      }
      await repo.transaction(async (q) => {
        await q.unlinkMembers(treeId, { userId: targetUserId })
        await q.deleteMembership(treeId, targetUserId)
      })
    },

    /** Either side unlinks a card from its person: the person themselves, or whoever manages the tree's people. */
    async unlinkMember(access: TreeAccess, memberId: string): Promise<void> {
      if (!access.treeId) throw notFound('Member')
      const member = await repo.memberOfTree(access.treeId, memberId)
      if (!member) throw notFound('Member')
      if (member.linkedUserId !== access.userId) refuseUnless(access.role, 'circle.invite')
      await repo.unlinkMembers(access.treeId, { memberId })
    },

    /** The owner opens a living person up to viewers (their dates and places shown), or closes them again. */
    async setOpenToViewers(access: TreeAccess, memberId: string, open: boolean): Promise<void> {
      refuseUnless(access.role, 'circle.manage')
      if (!access.treeId || !(await repo.setOpenToViewers(access.treeId, memberId, open))) throw notFound('Member')
    },

    /** The tree the person's pages show, and when they last said they had seen its news (null: never). */
    /**
     * How someone is named in a tree: their account's name, or else the card they are linked to
     * (an invited grandson who signed up with an e-mail alone is "Tomás Pérez" to his family).
     */
    async nameIn(treeId: string, userId: string): Promise<string> {
      const row = await repo.personIn(treeId, userId)
      return row ? nameOf(row.name, fullName(row.firstName, row.lastName), null) : ''
    },

    async lastSeen(userId: string): Promise<{ access: TreeAccess; seenAt: string | null }> {
      const row = await repo.activeMembership(userId)
      if (!row) return { access: await this.access(userId), seenAt: null }
      return { access: toAccess(userId, row), seenAt: row.seenAt ? toIsoString(row.seenAt) : null }
    },

    /** What deleting this account would take from the family (the account page says it before asking). */
    async reach(userId: string): Promise<AccountReach> {
      const [held, kept, memberships, interviews, files] = await Promise.all([
        repo.heldTree(userId),
        repo.treesKeptForOwner(userId),
        repo.membershipsOf(userId),
        authored?.interviews(userId) ?? new Map<string, number>(),
        authored?.files(userId) ?? new Map<string, number>(),
      ])
      const handedOver = held && held.ownerId !== null && held.ownerId !== userId
      return {
        // A tree a keeper keeps for this person goes with their account, as one kept in it would.
        heldTrees: [...(held ? [held] : []), ...kept].map((tree) => ({
          treeId: tree.id,
          treeName: tree.treeName,
          members: tree.members,
          otherPeople: Math.max(tree.people - 1, 0),
        })),
        contributions: memberships
          .filter((row) => row.holderId !== userId && ((interviews.get(row.holderId) ?? 0) > 0 || (files.get(row.holderId) ?? 0) > 0))
          .map((row) => ({
            treeId: row.treeId,
            treeName: row.treeName,
            ownerName: row.ownerName ?? '',
            interviews: interviews.get(row.holderId) ?? 0,
            files: files.get(row.holderId) ?? 0,
          })),
        handedOverTrees: handedOver ? [{ treeId: held.id, treeName: held.treeName, ownerName: held.ownerName ?? '' }] : [],
      }
    },

    /** The trees kept in other accounts that this person belongs to, by their holder: name and owner. */
    async treesOfOthers(userId: string): Promise<Map<string, { treeName: string; ownerName: string }>> {
      const rows = await repo.membershipsOf(userId)
      return new Map(rows.filter((row) => row.holderId !== userId).map((row) => [row.holderId, { treeName: row.treeName, ownerName: row.ownerName ?? '' }]))
    },

    async markSeen(access: TreeAccess, at: string): Promise<void> {
      if (access.treeId) await repo.markSeen(access.treeId, access.userId, at)
    },
  }
}
export type CircleService = ReturnType<typeof createCircleService>
