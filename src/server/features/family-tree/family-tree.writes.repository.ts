import { PostgresAdapter, type Insertable, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { FamilyTreeTable, MemberParentTable, MemberRow, MemberUpdate, NewMemberRow, NewUnionRow, ParentLinkRow, UnionUpdate } from './family-tree.tables.ts'

/** A membership nobody has chosen in the switcher: any chosen one comes before it. */
const notChosenYet = new Date(0).toISOString()

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound values. */
const insertChunk = 200

/** The tree's writes: every one filtered by the owner, so another user's rows are never touched. */
export function createTreeWriteQueries(db: Kysely<Database>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter

  async function insertParentLinks(rows: Insertable<MemberParentTable>[]): Promise<void> {
    for (let start = 0; start < rows.length; start += insertChunk)
      await db
        .insertInto('memberParent')
        .values(rows.slice(start, start + insertChunk))
        .execute()
  }

  return {
    /**
     * A tree never exists without its owner: the one who starts it holds it and owns it. It is not
     * chosen yet: someone whose pages show a tree shared with them keeps seeing that one when their
     * own card starts a tree of their own (the switcher or their first tree chooses it).
     */
    async insertTree(tree: Insertable<FamilyTreeTable>): Promise<void> {
      await db.insertInto('familyTree').values(tree).execute()
      await db
        .insertInto('treeMembership')
        .values({ treeId: tree.id, userId: tree.ownerUserId, role: 'owner', invitedByUserId: null, joinedAt: tree.createdAt, chosenAt: notChosenYet })
        .execute()
    },

    async touchTree(ownerUserId: string, at: string): Promise<void> {
      await db.updateTable('familyTree').set({ lastModified: at }).where('ownerUserId', '=', ownerUserId).execute()
    },

    async insertMembers(rows: NewMemberRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += insertChunk)
        await db
          .insertInto('member')
          .values(rows.slice(start, start + insertChunk))
          .execute()
    },

    /**
     * The member's stamp, read holding their row until the transaction ends, so the stamp checked
     * is the one the write replaces: on PostgreSQL a second edit of them waits here (`FOR UPDATE`)
     * and then reads what the first wrote; SQLite runs one transaction at a time. Undefined when
     * the member is not the owner's.
     */
    async lockMember(ownerUserId: string, id: string): Promise<Pick<MemberRow, 'updatedAt'> | undefined> {
      return db
        .selectFrom('member')
        .select('updatedAt')
        .where('ownerUserId', '=', ownerUserId)
        .where('id', '=', id)
        .$if(isPostgres, (q) => q.forUpdate())
        .executeTakeFirst()
    },

    /** Gives members a new stamp each: their relations changed through another member's edit. */
    async stampMembers(ownerUserId: string, stamps: { id: string; updatedAt: string }[]): Promise<void> {
      for (const { id, updatedAt } of stamps) await db.updateTable('member').set({ updatedAt }).where('ownerUserId', '=', ownerUserId).where('id', '=', id).execute()
    },

    async updateMember(ownerUserId: string, id: string, patch: MemberUpdate): Promise<void> {
      await db.updateTable('member').set(patch).where('ownerUserId', '=', ownerUserId).where('id', '=', id).execute()
    },

    /** Whether a member was deleted; its parent links go with it (ON DELETE CASCADE), its unions lose it. */
    async deleteMember(ownerUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('member').where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /**
     * Replaces every parent link of these children with the ones given. A child keeps their place
     * among a union's children (the order an import gave) while they stay in that union.
     */
    async replaceParentLinks(ownerUserId: string, childIds: string[], links: ParentLinkRow[]): Promise<void> {
      const placed = new Map<string, number>()
      if (childIds.length > 0) {
        const rows = await db
          .selectFrom('memberParent')
          .select(['childId', 'unionId', 'childPosition'])
          .where('ownerUserId', '=', ownerUserId)
          .where('childId', 'in', childIds)
          .where('childPosition', 'is not', null)
          .execute()
        for (const row of rows) if (row.unionId !== null) placed.set(`${row.childId} ${row.unionId}`, row.childPosition!)
        await db.deleteFrom('memberParent').where('ownerUserId', '=', ownerUserId).where('childId', 'in', childIds).execute()
      }
      await insertParentLinks(
        links.map((link) => ({
          ...link,
          childPosition: link.childPosition ?? (link.unionId === null ? null : (placed.get(`${link.childId} ${link.unionId}`) ?? null)),
          ownerUserId,
        })),
      )
    },

    insertParentLinks,

    async updateParentLink(ownerUserId: string, link: ParentLinkRow): Promise<void> {
      await db
        .updateTable('memberParent')
        .set({ unionId: link.unionId, kind: link.kind, ...(link.childPosition === undefined ? {} : { childPosition: link.childPosition }) })
        .where('ownerUserId', '=', ownerUserId)
        .where('childId', '=', link.childId)
        .where('parentId', '=', link.parentId)
        .execute()
    },

    async insertUnions(rows: NewUnionRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += insertChunk)
        await db
          .insertInto('familyUnion')
          .values(rows.slice(start, start + insertChunk))
          .execute()
    },

    async updateUnion(ownerUserId: string, id: string, patch: UnionUpdate): Promise<void> {
      await db.updateTable('familyUnion').set(patch).where('ownerUserId', '=', ownerUserId).where('id', '=', id).execute()
    },

    /** The children's links to these unions stay, without the union (ON DELETE SET NULL). */
    async deleteUnions(ownerUserId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await db.deleteFrom('familyUnion').where('ownerUserId', '=', ownerUserId).where('id', 'in', ids).execute()
    },
  }
}
