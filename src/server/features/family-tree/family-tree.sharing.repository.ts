import type { Kysely } from 'kysely'
import type { SharedItemKind } from '../../../shared/contracts/family-circle.ts'
import type { Database } from '../../db/schema.ts'

/** A memory or story shared into a tree, with who shared it. */
export interface SharedItemRow {
  itemId: string
  sharedByUserId: string
  authorName: string
  sharedAt: Date | string
}

/** Bound on what one tree's page reads of what was shared: far more than a family shares by hand. */
const maxSharedRead = 1000

/** Both tables have one shape but for the name of the item's column. */
const tables = {
  memory: { table: 'treeSharedMemory', column: 'entryId' },
  story: { table: 'treeSharedStory', column: 'storyId' },
} as const satisfies Record<SharedItemKind, { table: keyof Database; column: string }>

// One query serves both tables: the table and column names are chosen from `tables` above only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<any>

/**
 * The rows that say which of a person's memories (biography entries) and AI-lab stories are
 * shared with which tree. The memory or story itself is its feature's: only its id is kept here.
 */
export function createSharingRepository(db: Kysely<Database>) {
  return {
    /** Shares an item; sharing it again keeps the first time. */
    async share(kind: SharedItemKind, row: { treeId: string; itemId: string; userId: string; at: string }): Promise<void> {
      const { table, column } = tables[kind]
      await untyped(db)
        .insertInto(table)
        .values({ treeId: row.treeId, [column]: row.itemId, sharedByUserId: row.userId, sharedAt: row.at })
        .onConflict((conflict) => conflict.columns(['treeId', column]).doNothing())
        .execute()
    },

    /** Whether a share of the person's was taken back. */
    async unshare(kind: SharedItemKind, row: { treeId: string; itemId: string; userId: string }): Promise<boolean> {
      const { table, column } = tables[kind]
      const result = await untyped(db).deleteFrom(table).where('treeId', '=', row.treeId).where(column, '=', row.itemId).where('sharedByUserId', '=', row.userId).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** The trees each of the person's items is shared with, by name. */
    async sharedWith(kind: SharedItemKind, userId: string, itemIds: string[]): Promise<{ itemId: string; treeId: string; treeName: string }[]> {
      if (itemIds.length === 0) return []
      const { table, column } = tables[kind]
      return untyped(db)
        .selectFrom(`${table} as shared`)
        .innerJoin('familyTree', 'familyTree.id', 'shared.treeId')
        .select([`shared.${column} as itemId`, 'shared.treeId', 'familyTree.treeName'])
        .where('shared.sharedByUserId', '=', userId)
        .where(`shared.${column}`, 'in', itemIds)
        .orderBy('familyTree.treeName')
        .execute()
    },

    /** What was shared into the tree, newest first, with the name of who shared it. */
    async sharedInto(kind: SharedItemKind, treeId: string): Promise<SharedItemRow[]> {
      const { table, column } = tables[kind]
      return untyped(db)
        .selectFrom(`${table} as shared`)
        .innerJoin('user', 'user.id', 'shared.sharedByUserId')
        .select([`shared.${column} as itemId`, 'shared.sharedByUserId', 'user.name as authorName', 'shared.sharedAt'])
        .where('shared.treeId', '=', treeId)
        .orderBy('shared.sharedAt', 'desc')
        .limit(maxSharedRead)
        .execute()
    },

    /** What others shared after `since` into the tree kept in the holder's account, newest first. */
    async sharedSince(
      kind: SharedItemKind,
      holderId: string,
      since: string,
      readerId: string,
      limit: number,
    ): Promise<{ itemId: string; treeId: string; sharedByUserId: string; sharedAt: Date | string }[]> {
      const { table, column } = tables[kind]
      return untyped(db)
        .selectFrom(`${table} as shared`)
        .innerJoin('familyTree', 'familyTree.id', 'shared.treeId')
        .select([`shared.${column} as itemId`, 'shared.treeId', 'shared.sharedByUserId', 'shared.sharedAt'])
        .where('familyTree.ownerUserId', '=', holderId)
        .where('shared.sharedAt', '>', since)
        .where('shared.sharedByUserId', '!=', readerId)
        .orderBy('shared.sharedAt', 'desc')
        .limit(limit)
        .execute()
    },

    /** Whether any of these items is shared into the tree. */
    /** Which of these items are shared with the tree. */
    async sharedAmong(kind: SharedItemKind, treeId: string, itemIds: string[]): Promise<string[]> {
      if (itemIds.length === 0) return []
      const { table, column } = tables[kind]
      const rows = (await untyped(db).selectFrom(table).select(`${column} as itemId`).where('treeId', '=', treeId).where(column, 'in', itemIds).execute()) as { itemId: string }[]
      return rows.map((row) => row.itemId)
    },
  }
}
export type SharingRepository = ReturnType<typeof createSharingRepository>
