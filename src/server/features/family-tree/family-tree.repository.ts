import type { Database } from '../../db/schema.ts'
import type { Insertable, Kysely } from 'kysely'
import type { FamilyTreeRow, FamilyTreeTable, MemberRow, MemberUpdate, NewMemberRow } from './family-tree.tables.ts'

export interface TreeSnapshot {
  tree: FamilyTreeRow | undefined
  members: MemberRow[]
  parentLinks: { childId: string; parentId: string }[]
  spouseLinks: { memberId: string; spouseId: string }[]
}

/** Every query is filtered by the owner: another user's tree and members do not exist here. */
function familyTreeQueries(db: Kysely<Database>) {
  return {
    async loadTree(ownerUserId: string): Promise<TreeSnapshot> {
      const [tree, members, parentLinks, spouseLinks] = await Promise.all([
        db.selectFrom('familyTree').selectAll().where('ownerUserId', '=', ownerUserId).executeTakeFirst(),
        db.selectFrom('member').selectAll().where('ownerUserId', '=', ownerUserId).execute(),
        db.selectFrom('memberParent').select(['childId', 'parentId']).where('ownerUserId', '=', ownerUserId).orderBy('parentId').execute(),
        db.selectFrom('memberSpouse').select(['memberId', 'spouseId']).where('ownerUserId', '=', ownerUserId).orderBy('spouseId').execute(),
      ])
      return { tree, members, parentLinks, spouseLinks }
    },

    /** What recognises the member that represents the owner, and nothing more: flagged ones first. */
    async selfCandidates(ownerUserId: string): Promise<Pick<MemberRow, 'id' | 'isSelf' | 'relationshipToOwner'>[]> {
      return db
        .selectFrom('member')
        .select(['id', 'isSelf', 'relationshipToOwner'])
        .where('ownerUserId', '=', ownerUserId)
        .orderBy('isSelf', 'desc')
        .orderBy('createdAt')
        .execute()
    },

    async memberExists(ownerUserId: string, memberId: string): Promise<boolean> {
      const row = await db.selectFrom('member').select('id').where('ownerUserId', '=', ownerUserId).where('id', '=', memberId).executeTakeFirst()
      return row !== undefined
    },

    async insertTree(tree: Insertable<FamilyTreeTable>): Promise<void> {
      await db.insertInto('familyTree').values(tree).execute()
    },

    async touchTree(ownerUserId: string, at: string): Promise<void> {
      await db.updateTable('familyTree').set({ lastModified: at }).where('ownerUserId', '=', ownerUserId).execute()
    },

    async insertMember(row: NewMemberRow): Promise<void> {
      await db.insertInto('member').values(row).execute()
    },

    async updateMember(ownerUserId: string, id: string, patch: MemberUpdate): Promise<void> {
      await db.updateTable('member').set(patch).where('ownerUserId', '=', ownerUserId).where('id', '=', id).execute()
    },

    /** Whether a member was deleted; its parent and spouse links go with it (ON DELETE CASCADE). */
    async deleteMember(ownerUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('member').where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    async replaceParents(ownerUserId: string, childId: string, parentIds: string[]): Promise<void> {
      await db.deleteFrom('memberParent').where('ownerUserId', '=', ownerUserId).where('childId', '=', childId).execute()
      if (parentIds.length === 0) return
      await db
        .insertInto('memberParent')
        .values(parentIds.map((parentId) => ({ childId, parentId, ownerUserId })))
        .execute()
    },

    /** Makes `parentId` a parent of exactly `childIds`, leaving the children's other parents alone. */
    async replaceChildren(ownerUserId: string, parentId: string, childIds: string[], currentChildIds: string[]): Promise<void> {
      const removed = currentChildIds.filter((id) => !childIds.includes(id))
      const added = childIds.filter((id) => !currentChildIds.includes(id))
      if (removed.length > 0) {
        await db.deleteFrom('memberParent').where('ownerUserId', '=', ownerUserId).where('parentId', '=', parentId).where('childId', 'in', removed).execute()
      }
      if (added.length > 0) {
        await db
          .insertInto('memberParent')
          .values(added.map((childId) => ({ childId, parentId, ownerUserId })))
          .execute()
      }
    },

    /** Spouse links in both directions, so each side lists the other. */
    async replaceSpouses(ownerUserId: string, memberId: string, spouseIds: string[]): Promise<void> {
      await db
        .deleteFrom('memberSpouse')
        .where('ownerUserId', '=', ownerUserId)
        .where((eb) => eb.or([eb('memberId', '=', memberId), eb('spouseId', '=', memberId)]))
        .execute()
      if (spouseIds.length === 0) return
      await db
        .insertInto('memberSpouse')
        .values(spouseIds.flatMap((spouseId) => [
          { memberId, spouseId, ownerUserId },
          { memberId: spouseId, spouseId: memberId, ownerUserId },
        ]))
        .execute()
    },
  }
}
export type FamilyTreeQueries = ReturnType<typeof familyTreeQueries>

export function createFamilyTreeRepository(db: Kysely<Database>) {
  return {
    ...familyTreeQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (queries: FamilyTreeQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(familyTreeQueries(trx)))
    },
  }
}
export type FamilyTreeRepository = ReturnType<typeof createFamilyTreeRepository>
