import type { AccountReach, ChooseTree, Circle, TreeList } from '../../../shared/contracts/family-circle.ts'
import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { joinFullName } from '../../../shared/family-tree/full-name.ts'
import { isLiving } from '../../../shared/family-tree/living.ts'
import { isTreeRole, roleMay, type TreeAction, type TreeActor, type TreeRole } from '../../../shared/family-tree/roles.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { CircleRepository, MembershipRow } from './family-tree.circle.repository.ts'
import { createInvitations, toInvitation } from './family-tree.invitations.ts'

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
  /**
   * The card marked as the holder's own (flagged, or «Yo mismo/a»), by the family tree's rule: the
   * card the tree's first person is, which no invitation ever linked to their account.
   */
  selfCardOf?(holderId: string): Promise<string | undefined>
}

/** The account's name, else the linked card's, else (where it may be shown) the e-mail. */
function nameOf(accountName: string | null, cardName: string | null, email: string | null): string {
  return accountName?.trim() || cardName || email || ''
}

function toAccess(userId: string, row: MembershipRow): TreeAccess {
  return { userId, treeId: row.treeId, holderId: row.holderId, role: isTreeRole(row.role) ? row.role : 'viewer' }
}

export function createCircleService({ repo, startOwnTree, mailer, origin, log, authored, keepTree, selfCardOf }: Deps) {
  /** Someone's membership of a tree; anyone else is told the tree does not exist. */
  async function membershipIn(userId: string, treeId: string): Promise<MembershipRow> {
    const row = await repo.membership(treeId, userId)
    if (!row) throw notFound('Tree')
    return row
  }

  function refuseUnless(role: string, action: TreeAction): void {
    if (!roleMay(role, action)) throw new AppError('forbidden', `Your role in this tree does not allow ${action}`)
  }

  return {
    ...createInvitations({ repo, mailer, origin, log, membershipIn, refuseUnless }),

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

    /**
     * The card the person is in the tree: the one linked to their account, or, for the account the
     * tree is kept under, the card marked as its keeper's own (a keeper's own card is linked to nobody).
     */
    async linkedMemberId(treeId: string, userId: string): Promise<string | undefined> {
      const linked = (await repo.linkedMember(treeId, userId))?.id
      if (linked !== undefined || !selfCardOf) return linked
      return (await repo.holderOf(treeId)) === userId ? selfCardOf(userId) : undefined
    },

    /** The account a card of the tree is: the one linked to it, or the holder's for the card marked as theirs; null for anyone else's. */
    async accountOfCard(treeId: string, memberId: string): Promise<string | null> {
      const member = await repo.memberOfTree(treeId, memberId)
      if (!member) return null
      if (member.linkedUserId !== null || !selfCardOf) return member.linkedUserId
      const holderId = await repo.holderOf(treeId)
      return holderId !== undefined && (await selfCardOf(holderId)) === memberId ? holderId : null
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
          name: nameOf(person.name, joinFullName(person.linkedFirstName, person.linkedLastName), person.email),
          role: isTreeRole(person.role) ? person.role : 'viewer',
          joinedAt: toIsoString(person.joinedAt),
          linkedMemberId: person.linkedMemberId,
          linkedMemberName: joinFullName(person.linkedFirstName, person.linkedLastName),
          isYou: person.userId === userId,
          isHolder: person.userId === mine.holderId,
        })),
        invitations: invitations.map((row) => toInvitation(row, now)).filter((invitation) => invitation.status === 'pending' || invitation.status === 'expired'),
      }
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
      return row ? nameOf(row.name, joinFullName(row.firstName, row.lastName), null) : ''
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
