import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { MemberRow } from './family-tree.tables.ts'
import { invitationQueries } from './family-tree.invitations.repository.ts'

/** The tree a person acts on, and how: their membership joined with the tree's holder. */
export interface MembershipRow {
  treeId: string
  treeName: string
  role: string
  holderId: string
  chosenAt: Date | string
  seenAt: Date | string | null
}

export interface CirclePersonRow {
  userId: string
  name: string
  email: string
  role: string
  joinedAt: Date | string
  linkedMemberId: string | null
  linkedFirstName: string | null
  linkedLastName: string | null
}

function circleQueries(db: Kysely<Database>) {
  const memberships = () =>
    db
      .selectFrom('treeMembership')
      .innerJoin('familyTree', 'familyTree.id', 'treeMembership.treeId')
      .select(['treeMembership.treeId', 'familyTree.treeName', 'treeMembership.role', 'familyTree.ownerUserId as holderId', 'treeMembership.chosenAt', 'treeMembership.seenAt'])

  /** How many members a tree has, and how many people share it. */
  async function sizeOf(treeId: string): Promise<{ members: number; people: number }> {
    const [members, people] = await Promise.all([
      db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('treeId', '=', treeId)
        .executeTakeFirst(),
      db
        .selectFrom('treeMembership')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('treeId', '=', treeId)
        .executeTakeFirst(),
    ])
    return { members: Number(members?.count ?? 0), people: Number(people?.count ?? 0) }
  }

  return {
    ...invitationQueries(db),

    /** The membership the person chose last: the tree their pages show. */
    async activeMembership(userId: string): Promise<MembershipRow | undefined> {
      return memberships().where('treeMembership.userId', '=', userId).orderBy('treeMembership.chosenAt', 'desc').limit(1).executeTakeFirst()
    },

    async membership(treeId: string, userId: string): Promise<MembershipRow | undefined> {
      return memberships().where('treeMembership.userId', '=', userId).where('treeMembership.treeId', '=', treeId).executeTakeFirst()
    },

    async membershipsOf(userId: string): Promise<(MembershipRow & { ownerName: string | null })[]> {
      return memberships()
        .leftJoin('treeMembership as ownerMembership', (join) => join.onRef('ownerMembership.treeId', '=', 'treeMembership.treeId').on('ownerMembership.role', '=', 'owner'))
        .leftJoin('user as owner', 'owner.id', 'ownerMembership.userId')
        .select('owner.name as ownerName')
        .where('treeMembership.userId', '=', userId)
        .orderBy('treeMembership.joinedAt')
        .execute()
    },

    /** The tree kept in this account, with its size, the others in it, and who owns it now. */
    async heldTree(userId: string): Promise<{ id: string; treeName: string; members: number; people: number; ownerId: string | null; ownerName: string | null } | undefined> {
      const tree = await db.selectFrom('familyTree').select(['id', 'treeName']).where('ownerUserId', '=', userId).executeTakeFirst()
      if (!tree) return undefined
      const [size, owner] = await Promise.all([
        sizeOf(tree.id),
        db
          .selectFrom('treeMembership')
          .innerJoin('user', 'user.id', 'treeMembership.userId')
          .select(['user.id', 'user.name'])
          .where('treeMembership.treeId', '=', tree.id)
          .where('treeMembership.role', '=', 'owner')
          .executeTakeFirst(),
      ])
      return { ...tree, ...size, ownerId: owner?.id ?? null, ownerName: owner?.name ?? null }
    },

    /** The trees this person owns that a keeper keeps (their holder is no member of them: ADR 0046), with their size. */
    async treesKeptForOwner(userId: string): Promise<{ id: string; treeName: string; members: number; people: number }[]> {
      const trees = await db
        .selectFrom('treeMembership as mine')
        .innerJoin('familyTree', 'familyTree.id', 'mine.treeId')
        .leftJoin('treeMembership as holder', (join) => join.onRef('holder.treeId', '=', 'familyTree.id').onRef('holder.userId', '=', 'familyTree.ownerUserId'))
        .select(['familyTree.id', 'familyTree.treeName'])
        .where('mine.userId', '=', userId)
        .where('mine.role', '=', 'owner')
        .where('familyTree.ownerUserId', '<>', userId)
        .where('holder.userId', 'is', null)
        .execute()
      return Promise.all(trees.map(async (tree) => ({ ...tree, ...(await sizeOf(tree.id)) })))
    },

    async heldTreeId(userId: string): Promise<string | undefined> {
      return (await db.selectFrom('familyTree').select('id').where('ownerUserId', '=', userId).executeTakeFirst())?.id
    },

    async choose(treeId: string, userId: string, at: string): Promise<void> {
      await db.updateTable('treeMembership').set({ chosenAt: at }).where('treeId', '=', treeId).where('userId', '=', userId).execute()
    },

    async markSeen(treeId: string, userId: string, at: string): Promise<void> {
      await db.updateTable('treeMembership').set({ seenAt: at }).where('treeId', '=', treeId).where('userId', '=', userId).execute()
    },

    async peopleOf(treeId: string): Promise<CirclePersonRow[]> {
      return db
        .selectFrom('treeMembership')
        .innerJoin('user', 'user.id', 'treeMembership.userId')
        .leftJoin('member', (join) => join.onRef('member.linkedUserId', '=', 'treeMembership.userId').onRef('member.treeId', '=', 'treeMembership.treeId'))
        .select([
          'treeMembership.userId',
          'user.name',
          'user.email',
          'treeMembership.role',
          'treeMembership.joinedAt',
          'member.id as linkedMemberId',
          'member.firstName as linkedFirstName',
          'member.lastName as linkedLastName',
        ])
        .where('treeMembership.treeId', '=', treeId)
        .orderBy('treeMembership.joinedAt')
        .execute()
    },

    async insertMembership(row: { treeId: string; userId: string; role: string; invitedByUserId: string | null; at: string }): Promise<void> {
      await db
        .insertInto('treeMembership')
        .values({ treeId: row.treeId, userId: row.userId, role: row.role, invitedByUserId: row.invitedByUserId, joinedAt: row.at, chosenAt: row.at })
        .execute()
    },

    async setRole(treeId: string, userId: string, role: string): Promise<void> {
      await db.updateTable('treeMembership').set({ role }).where('treeId', '=', treeId).where('userId', '=', userId).execute()
    },

    async deleteMembership(treeId: string, userId: string): Promise<void> {
      await db.deleteFrom('treeMembership').where('treeId', '=', treeId).where('userId', '=', userId).execute()
    },

    /** The account the tree's rows are kept under. */
    async holderOf(treeId: string): Promise<string | undefined> {
      return (await db.selectFrom('familyTree').select('ownerUserId').where('id', '=', treeId).executeTakeFirst())?.ownerUserId
    },

    /** The member of the tree linked to this person, if any. */
    async linkedMember(treeId: string, userId: string): Promise<{ id: string; firstName: string; lastName: string } | undefined> {
      return db.selectFrom('member').select(['id', 'firstName', 'lastName']).where('treeId', '=', treeId).where('linkedUserId', '=', userId).executeTakeFirst()
    },

    /** The person's account name and the card they are linked to in the tree, to name them there. */
    async personIn(treeId: string, userId: string): Promise<{ name: string; email: string; firstName: string | null; lastName: string | null } | undefined> {
      return db
        .selectFrom('user')
        .leftJoin('member', (join) => join.onRef('member.linkedUserId', '=', 'user.id').on('member.treeId', '=', treeId))
        .select(['user.name', 'user.email', 'member.firstName', 'member.lastName'])
        .where('user.id', '=', userId)
        .executeTakeFirst()
    },

    async memberOfTree(
      treeId: string,
      memberId: string,
    ): Promise<Pick<MemberRow, 'id' | 'firstName' | 'lastName' | 'linkedUserId' | 'connectionStatus' | 'isDeceased' | 'birthDate' | 'deathDate' | 'openToViewers'> | undefined> {
      return db
        .selectFrom('member')
        .select(['id', 'firstName', 'lastName', 'linkedUserId', 'connectionStatus', 'isDeceased', 'birthDate', 'deathDate', 'openToViewers'])
        .where('treeId', '=', treeId)
        .where('id', '=', memberId)
        .executeTakeFirst()
    },

    async setOpenToViewers(treeId: string, memberId: string, open: boolean): Promise<boolean> {
      const result = await db
        .updateTable('member')
        .set({ openToViewers: open ? 1 : 0 })
        .where('treeId', '=', treeId)
        .where('id', '=', memberId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async linkMember(memberId: string, userId: string, requestedBy: string | null): Promise<void> {
      await db.updateTable('member').set({ linkedUserId: userId, connectionStatus: 'accepted', connectionRequestedBy: requestedBy }).where('id', '=', memberId).execute()
    },

    async markMemberPending(memberId: string, requestedBy: string): Promise<void> {
      await db.updateTable('member').set({ connectionStatus: 'pending', connectionRequestedBy: requestedBy }).where('id', '=', memberId).where('linkedUserId', 'is', null).execute()
    },

    /** Unlinks the member (or the person's member in the tree); a card still waited on goes back to pending. */
    async unlinkMembers(treeId: string, where: { memberId: string } | { userId: string }): Promise<void> {
      let query = db.updateTable('member').set({ linkedUserId: null, connectionStatus: null, connectionRequestedBy: null }).where('treeId', '=', treeId)
      query = 'memberId' in where ? query.where('id', '=', where.memberId) : query.where('linkedUserId', '=', where.userId)
      await query.execute()
    },

    /** A card whose invitations are all gone waits for nobody any more. */
    async clearPendingIfNoInvitation(memberId: string, now: string): Promise<void> {
      const waiting = await db
        .selectFrom('treeInvitation')
        .select('id')
        .where('memberId', '=', memberId)
        .where('acceptedAt', 'is', null)
        .where('declinedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst()
      if (waiting) return
      await db.updateTable('member').set({ connectionStatus: null, connectionRequestedBy: null }).where('id', '=', memberId).where('linkedUserId', 'is', null).execute()
    },
  }
}
export type CircleQueries = ReturnType<typeof circleQueries>

export function createCircleRepository(db: Kysely<Database>) {
  return {
    ...circleQueries(db),
    transaction<T>(work: (queries: CircleQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(circleQueries(trx)))
    },
  }
}
export type CircleRepository = ReturnType<typeof createCircleRepository>
