import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { MediaLinkType } from '../../../shared/media-path.ts'
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

    /** The owner's media linked to a biography entry, in the order they were attached. */
    async listForEntry(ownerUserId: string, entryId: string): Promise<AssetWithLinks[]> {
      const rows = await db
        .selectFrom('mediaAsset')
        .innerJoin('mediaBiographyEntryLink', 'mediaBiographyEntryLink.mediaId', 'mediaAsset.id')
        .selectAll('mediaAsset')
        .where('mediaAsset.ownerUserId', '=', ownerUserId)
        .where('mediaBiographyEntryLink.entryId', '=', entryId)
        .orderBy('mediaBiographyEntryLink.createdAt')
        .orderBy('mediaAsset.id')
        .execute()
      return withLinks(rows)
    },

    /** The media ids of each of the owner's entries, in the order they were attached. */
    async idsForEntries(ownerUserId: string, entryIds: string[]): Promise<Map<string, string[]>> {
      const ids = new Map(entryIds.map((id) => [id, [] as string[]]))
      if (entryIds.length === 0) return ids
      const links = await db
        .selectFrom('mediaBiographyEntryLink')
        .select(['entryId', 'mediaId'])
        .where('ownerUserId', '=', ownerUserId)
        .where('entryId', 'in', entryIds)
        .orderBy('createdAt')
        .orderBy('mediaId')
        .execute()
      for (const link of links) ids.get(link.entryId)?.push(link.mediaId)
      return ids
    },

    /**
     * Makes `mediaIds` the entry's whole list of media, in one transaction. False (and nothing
     * changed) when one of them is not the owner's.
     */
    async replaceEntryLinks(ownerUserId: string, entryId: string, mediaIds: string[], at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const wanted = [...new Set(mediaIds)]
        if (wanted.length > 0) {
          const owned = await trx.selectFrom('mediaAsset').select('id').where('ownerUserId', '=', ownerUserId).where('id', 'in', wanted).execute()
          if (owned.length !== wanted.length) return false
        }
        const current = await trx.selectFrom('mediaBiographyEntryLink').select('mediaId').where('ownerUserId', '=', ownerUserId).where('entryId', '=', entryId).execute()
        const currentIds = new Set(current.map((link) => link.mediaId))
        const removed = [...currentIds].filter((id) => !wanted.includes(id))
        if (removed.length > 0) await trx.deleteFrom('mediaBiographyEntryLink').where('entryId', '=', entryId).where('mediaId', 'in', removed).execute()
        const added = wanted.filter((id) => !currentIds.has(id))
        // Distinct instants keep the order the person chose.
        const base = Date.parse(at)
        if (added.length > 0) {
          await trx
            .insertInto('mediaBiographyEntryLink')
            .values(added.map((mediaId, index) => ({ mediaId, entryId, ownerUserId, createdAt: new Date(base + index).toISOString() })))
            .execute()
        }
        return true
      })
    },

    /** The asset and its first link, in one transaction. */
    async insertWithLink(asset: NewMediaAssetRow, linkedToType: MediaLinkType, targetId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('mediaAsset').values(asset).execute()
        const link = { mediaId: asset.id, ownerUserId: asset.ownerUserId, createdAt: asset.uploadedAt }
        if (linkedToType === 'member') await trx.insertInto('mediaMemberLink').values({ ...link, memberId: targetId }).execute()
        else await trx.insertInto('mediaBiographyEntryLink').values({ ...link, entryId: targetId }).execute()
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
