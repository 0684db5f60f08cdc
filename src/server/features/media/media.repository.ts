import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { MediaAssetRow, NewMediaAssetRow } from './media.tables.ts'

export interface AssetWithLinks extends MediaAssetRow {
  memberIds: string[]
}

/** Every query is filtered by the owner: another user's media do not exist here. */
export function createMediaRepository(db: Kysely<Database>) {
  async function withLinks(rows: MediaAssetRow[]): Promise<AssetWithLinks[]> {
    if (rows.length === 0) return []
    const links = await db
      .selectFrom('mediaMemberLink')
      .select(['mediaId', 'memberId'])
      .where('mediaId', 'in', rows.map((row) => row.id))
      .orderBy('createdAt')
      .execute()
    return rows.map((row) => ({ ...row, memberIds: links.filter((link) => link.mediaId === row.id).map((link) => link.memberId) }))
  }

  return {
    async findById(ownerUserId: string, id: string): Promise<AssetWithLinks | undefined> {
      const row = await db.selectFrom('mediaAsset').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return row && (await withLinks([row]))[0]
    },

    /** The owner's media linked to a member, newest first. */
    async listForMember(ownerUserId: string, memberId: string): Promise<AssetWithLinks[]> {
      const rows = await db
        .selectFrom('mediaAsset')
        .innerJoin('mediaMemberLink', 'mediaMemberLink.mediaId', 'mediaAsset.id')
        .selectAll('mediaAsset')
        .where('mediaAsset.ownerUserId', '=', ownerUserId)
        .where('mediaMemberLink.memberId', '=', memberId)
        .orderBy('mediaAsset.uploadedAt', 'desc')
        .orderBy('mediaAsset.id', 'desc')
        .execute()
      return withLinks(rows)
    },

    /** The asset and its first link, in one transaction. */
    async insertWithMemberLink(asset: NewMediaAssetRow, memberId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('mediaAsset').values(asset).execute()
        await trx.insertInto('mediaMemberLink').values({ mediaId: asset.id, memberId, ownerUserId: asset.ownerUserId, createdAt: asset.uploadedAt }).execute()
      })
    },

    async updateCaption(ownerUserId: string, id: string, caption: string): Promise<boolean> {
      const result = await db.updateTable('mediaAsset').set({ caption }).where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** Deletes the asset row; its links go with it (ON DELETE CASCADE). */
    async delete(ownerUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('mediaAsset').where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
export type MediaRepository = ReturnType<typeof createMediaRepository>
