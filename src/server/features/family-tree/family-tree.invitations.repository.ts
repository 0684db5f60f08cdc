import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { TreeInvitationRow, TreeInvitationTable } from './family-tree.tables.ts'

export type InvitationRow = TreeInvitationRow & { invitedByName: string; memberFirstName: string | null; memberLastName: string | null; treeName: string }

/** A tree's invitations: made, found by id or by their token's hash, listed while open, answered. */
export function invitationQueries(db: Kysely<Database>) {
  const invitations = () =>
    db
      .selectFrom('treeInvitation')
      .innerJoin('user', 'user.id', 'treeInvitation.invitedByUserId')
      .innerJoin('familyTree', 'familyTree.id', 'treeInvitation.treeId')
      .leftJoin('member', 'member.id', 'treeInvitation.memberId')
      .selectAll('treeInvitation')
      .select(['user.name as invitedByName', 'member.firstName as memberFirstName', 'member.lastName as memberLastName', 'familyTree.treeName'])

  return {
    /** A new invitation, open: nobody has accepted it yet. */
    async insertInvitation(row: Omit<Insertable<TreeInvitationTable>, 'acceptedByUserId'>): Promise<void> {
      await db
        .insertInto('treeInvitation')
        .values({ ...row, acceptedByUserId: null })
        .execute()
    },

    async invitationById(treeId: string, id: string): Promise<InvitationRow | undefined> {
      return invitations().where('treeInvitation.treeId', '=', treeId).where('treeInvitation.id', '=', id).executeTakeFirst()
    },

    async invitationByHash(tokenHash: string): Promise<InvitationRow | undefined> {
      return invitations().where('treeInvitation.tokenHash', '=', tokenHash).executeTakeFirst()
    },

    /** Invitations still waiting for an answer, newest first (expired ones included: the page says so). */
    async openInvitations(treeId: string): Promise<InvitationRow[]> {
      return invitations()
        .where('treeInvitation.treeId', '=', treeId)
        .where('treeInvitation.acceptedAt', 'is', null)
        .where('treeInvitation.declinedAt', 'is', null)
        .where('treeInvitation.revokedAt', 'is', null)
        .orderBy('treeInvitation.createdAt', 'desc')
        .limit(200)
        .execute()
    },

    async countOpenInvitations(treeId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('treeInvitation')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('treeId', '=', treeId)
        .where('acceptedAt', 'is', null)
        .where('declinedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    async markInvitation(id: string, change: { sentAt?: string; acceptedAt?: string; acceptedByUserId?: string; declinedAt?: string; revokedAt?: string }): Promise<boolean> {
      let query = db.updateTable('treeInvitation').set(change).where('id', '=', id)
      // Only an open invitation is answered or revoked: two tabs accepting at once use it once.
      if (!change.sentAt) query = query.where('acceptedAt', 'is', null).where('declinedAt', 'is', null).where('revokedAt', 'is', null)
      const result = await query.executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}
