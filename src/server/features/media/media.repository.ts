import type { Kysely, Transaction } from 'kysely'
import { nextTurn } from '../../lib/cooperative.ts'
import { withOwnerHeld } from '../../db/owner-lock.ts'
import type { Database } from '../../db/schema.ts'
import type { MediaLinkType } from '../../../shared/media-path.ts'
import type { MediaAssetRow, MediaTables, NewMediaAssetRow } from './media.tables.ts'

export interface AssetWithLinks extends MediaAssetRow {
  memberIds: string[]
}

/** One link of a file: the kind of target and its id. A file may have several (a recording: its session and its member). */
export interface MediaLinkTarget {
  type: MediaLinkType
  id: string
}

/**
 * Every kind of thing a file can be linked to: its link table (with real foreign keys, ADR 0007),
 * the column naming the target, and how that target lists its files. A new kind is a migration
 * and a line here.
 */
export const mediaLinkKinds = {
  member: { table: 'mediaMemberLink', column: 'memberId', order: 'newest' },
  biographyEntry: { table: 'mediaBiographyEntryLink', column: 'entryId', order: 'attached' },
  interviewSession: { table: 'mediaInterviewSessionLink', column: 'sessionId', order: 'attached' },
} as const satisfies Record<MediaLinkType, { table: Exclude<keyof MediaTables, 'mediaAsset' | 'mediaUploadReservation'>; column: string; order: 'newest' | 'attached' }>

// The link table is chosen from the registry at run time, which Kysely's types cannot follow; the
// registry above is what keeps the names right.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Kysely<Database> | Transaction<Database>) => db as unknown as Kysely<any>

/** Every query is filtered by the owner: another user's media do not exist here. */
/** Targets named in one query: far below SQLite's (32,766) and PostgreSQL's (65,535) bound values. */
const maxListedTargets = 1000
/** Members added to a set between two turns of the event loop: a few milliseconds' work. */
const wantedSlice = 10_000

/** How the quota is counted: up to `quotaBytes`, with the reservations made since `liveSince` (older ones belong to expired uploads). */
export interface QuotaRule {
  quotaBytes: number
  liveSince: string
}

export function createMediaRepository(db: Kysely<Database>) {
  /** The owner's quota held while `work` counts it and writes what it allows. */
  const withQuotaHeld = <T>(ownerUserId: string, work: (trx: Transaction<Database>) => Promise<T>) => withOwnerHeld(db, ownerUserId, work)

  /** The bytes of the owner's stored files and of their live reservations, but for `exceptUploadId`'s. */
  async function usedBytes(trx: Kysely<Database> | Transaction<Database>, ownerUserId: string, liveSince: string, exceptUploadId?: string): Promise<number> {
    const [stored, reserved] = await Promise.all([
      trx
        .selectFrom('mediaAsset')
        .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
        .where('ownerUserId', '=', ownerUserId)
        .executeTakeFirst(),
      trx
        .selectFrom('mediaUploadReservation')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
        .where('ownerUserId', '=', ownerUserId)
        .where('createdAt', '>=', liveSince)
        .$if(exceptUploadId !== undefined, (query) => query.where('uploadId', '!=', exceptUploadId!))
        .executeTakeFirst(),
    ])
    return Number(stored?.total ?? 0) + Number(reserved?.total ?? 0)
  }
  async function withLinks(rows: MediaAssetRow[]): Promise<AssetWithLinks[]> {
    if (rows.length === 0) return []
    const links = await db
      .selectFrom('mediaMemberLink')
      .select(['mediaId', 'memberId'])
      .where(
        'mediaId',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('createdAt')
      .execute()
    return rows.map((row) => ({ ...row, memberIds: links.filter((link) => link.mediaId === row.id).map((link) => link.memberId) }))
  }

  return {
    /** Files of the tree's people added after `since` by anyone but `readerId`, newest first, each with the first member it is linked to. */
    async addedToMembersSince(ownerUserId: string, since: string, readerId: string, limit: number) {
      const rows = await db
        .selectFrom('mediaAsset')
        .innerJoin('mediaMemberLink as link', 'link.mediaId', 'mediaAsset.id')
        .select([
          'mediaAsset.id',
          'mediaAsset.ownerUserId',
          'mediaAsset.authorUserId',
          'mediaAsset.uploadedAt',
          'mediaAsset.caption',
          'mediaAsset.fileName',
          'mediaAsset.contentType',
          'link.memberId',
        ])
        .where('mediaAsset.ownerUserId', '=', ownerUserId)
        .where('mediaAsset.uploadedAt', '>', since)
        .where((eb) => eb(eb.fn.coalesce('mediaAsset.authorUserId', 'mediaAsset.ownerUserId'), '!=', readerId))
        .orderBy('mediaAsset.uploadedAt', 'desc')
        .orderBy('link.createdAt')
        .limit(limit * 4)
        .execute()
      const seen = new Set<string>()
      return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit)
    },

    /** The files someone added to trees of others, with where they are stored: they go with their account. */
    async authoredElsewhere(
      authorId: string,
    ): Promise<Pick<MediaAssetRow, 'id' | 'ownerUserId' | 'storagePath' | 'thumbnailPath' | 'fileName' | 'caption' | 'contentType' | 'uploadedAt' | 'size'>[]> {
      return db
        .selectFrom('mediaAsset')
        .select(['id', 'ownerUserId', 'storagePath', 'thumbnailPath', 'fileName', 'caption', 'contentType', 'uploadedAt', 'size'])
        .where('authorUserId', '=', authorId)
        .where('ownerUserId', '!=', authorId)
        .execute()
    },

    /** Sound and video files by id, whoever keeps them: the caller decides who may reach them (a listening link's token). */
    async findRecordings(ids: string[]): Promise<Pick<MediaAssetRow, 'id' | 'ownerUserId' | 'authorUserId' | 'fileName' | 'caption' | 'contentType' | 'storagePath'>[]> {
      if (ids.length === 0) return []
      const found = []
      for (let start = 0; start < ids.length; start += maxListedTargets) {
        const rows = await db
          .selectFrom('mediaAsset')
          .select(['id', 'ownerUserId', 'authorUserId', 'fileName', 'caption', 'contentType', 'storagePath'])
          .where('id', 'in', ids.slice(start, start + maxListedTargets))
          .where((eb) => eb.or([eb('contentType', 'like', 'audio/%'), eb('contentType', 'like', 'video/%')]))
          .execute()
        found.push(...rows)
      }
      return found
    },

    async findById(ownerUserId: string, id: string): Promise<AssetWithLinks | undefined> {
      const row = await db.selectFrom('mediaAsset').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return row && (await withLinks([row]))[0]
    },

    /** Whose file this is and the memories it is attached to, whoever asks: the caller decides who may reach it. */
    async ownerAndEntries(id: string): Promise<{ ownerUserId: string; entryIds: string[] } | undefined> {
      const asset = await db.selectFrom('mediaAsset').select('ownerUserId').where('id', '=', id).executeTakeFirst()
      if (!asset) return undefined
      const links = await db.selectFrom('mediaBiographyEntryLink').select('entryId').where('mediaId', '=', id).execute()
      return { ownerUserId: asset.ownerUserId, entryIds: links.map((link) => link.entryId) }
    },

    /** The owner's media linked to one target: a member's newest first, the others in the order attached. */
    async listFor(ownerUserId: string, type: MediaLinkType, targetId: string): Promise<AssetWithLinks[]> {
      const kind = mediaLinkKinds[type]
      const rows = (await untyped(db)
        .selectFrom('mediaAsset')
        .innerJoin(`${kind.table} as link`, 'link.mediaId', 'mediaAsset.id')
        .selectAll('mediaAsset')
        .where('mediaAsset.ownerUserId', '=', ownerUserId)
        .where(`link.${kind.column}`, '=', targetId)
        .$call((query) =>
          kind.order === 'newest' ? query.orderBy('mediaAsset.uploadedAt', 'desc').orderBy('mediaAsset.id', 'desc') : query.orderBy('link.createdAt').orderBy('mediaAsset.id'),
        )
        .execute()) as MediaAssetRow[]
      return withLinks(rows)
    },

    /** The media ids of each of the owner's targets of one kind, in the order they were attached. */
    async idsFor(ownerUserId: string, type: MediaLinkType, targetIds: string[]): Promise<Map<string, string[]>> {
      const ids = new Map<string, string[]>()
      if (targetIds.length === 0) return ids
      const kind = mediaLinkKinds[type]
      // A whole tree asks for tens of thousands of members, past SQLite's and PostgreSQL's limits
      // on bound values: they are asked for a slice at a time, each slice through the target's index.
      for (let start = 0; start < targetIds.length; start += maxListedTargets) {
        // On SQLite a query runs to its end without a turn of the event loop: a turn between
        // slices lets other requests in while a whole tree's lists are read. Each slice's entries
        // are made with it: 200,000 of them at once held the thread as long as a query.
        if (start > 0) await nextTurn()
        const slice = targetIds.slice(start, start + maxListedTargets)
        for (const id of slice) if (!ids.has(id)) ids.set(id, [])
        const links: { targetId: string; mediaId: string }[] = await untyped(db)
          .selectFrom(kind.table)
          .select([`${kind.column} as targetId`, 'mediaId'])
          .where('ownerUserId', '=', ownerUserId)
          .where(kind.column, 'in', slice)
          .orderBy('createdAt')
          .orderBy('mediaId')
          .execute()
        for (const link of links) ids.get(link.targetId)?.push(link.mediaId)
      }
      return ids
    },

    /**
     * The first photo linked to each of the owner's members (the oldest link to a file with a
     * thumbnail, so an image): their portrait. Members without one are absent.
     */
    async firstPhotosOf(ownerUserId: string, memberIds: string[]): Promise<Map<string, string>> {
      const first = new Map<string, string>()
      if (memberIds.length === 0) return first
      // A whole tree names more members than one query may bind: the owner's photos linked to
      // members are few beside them, so those are read at once and the members picked out here.
      const isWholeTree = memberIds.length > maxListedTargets
      const links = await db
        .selectFrom('mediaMemberLink as link')
        .innerJoin('mediaAsset', 'mediaAsset.id', 'link.mediaId')
        .select(['link.memberId as memberId', 'link.mediaId as mediaId'])
        .where('link.ownerUserId', '=', ownerUserId)
        .$if(!isWholeTree, (query) => query.where('link.memberId', 'in', memberIds))
        .where('mediaAsset.thumbnailPath', 'is not', null)
        .orderBy('link.createdAt')
        .orderBy('link.mediaId')
        .execute()
      // The members' set is made a slice at a time, with a turn between: a whole tree's in one go held the thread.
      const wanted = new Set<string>()
      for (let start = 0; start < memberIds.length; start += wantedSlice) {
        if (start > 0) await nextTurn()
        for (let at = start; at < Math.min(start + wantedSlice, memberIds.length); at += 1) wanted.add(memberIds[at]!)
      }
      for (const link of links) if (wanted.has(link.memberId) && !first.has(link.memberId)) first.set(link.memberId, link.mediaId)
      return first
    },

    /**
     * Makes `mediaIds` the target's whole list of media, in one transaction. False (and nothing
     * changed) when one of them is not the owner's.
     */
    async replaceLinks(ownerUserId: string, type: MediaLinkType, targetId: string, mediaIds: string[], at: string): Promise<boolean> {
      const kind = mediaLinkKinds[type]
      return db.transaction().execute(async (trx) => {
        const wanted = [...new Set(mediaIds)]
        if (wanted.length > 0) {
          const owned = await trx.selectFrom('mediaAsset').select('id').where('ownerUserId', '=', ownerUserId).where('id', 'in', wanted).execute()
          if (owned.length !== wanted.length) return false
        }
        const links = untyped(trx)
        const current: { mediaId: string }[] = await links
          .selectFrom(kind.table)
          .select('mediaId')
          .where('ownerUserId', '=', ownerUserId)
          .where(kind.column, '=', targetId)
          .execute()
        const currentIds = new Set(current.map((link) => link.mediaId))
        const removed = [...currentIds].filter((id) => !wanted.includes(id))
        if (removed.length > 0) await links.deleteFrom(kind.table).where(kind.column, '=', targetId).where('mediaId', 'in', removed).execute()
        const added = wanted.filter((id) => !currentIds.has(id))
        // Distinct instants keep the order the person chose.
        const base = Date.parse(at)
        if (added.length > 0) {
          await links
            .insertInto(kind.table)
            .values(added.map((mediaId, index) => ({ mediaId, [kind.column]: targetId, ownerUserId, createdAt: new Date(base + index).toISOString() })))
            .execute()
        }
        return true
      })
    },

    /** Adds links of one of the owner's files, keeping those it has; false when the file is not the owner's. */
    async addLinks(ownerUserId: string, mediaId: string, targets: MediaLinkTarget[], at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('mediaAsset').select('id').where('ownerUserId', '=', ownerUserId).where('id', '=', mediaId).executeTakeFirst()
        if (!owned) return false
        for (const target of targets) {
          const kind = mediaLinkKinds[target.type]
          await untyped(trx)
            .insertInto(kind.table)
            .values({ mediaId, [kind.column]: target.id, ownerUserId, createdAt: at })
            .onConflict((conflict) => conflict.doNothing())
            .execute()
        }
        return true
      })
    },

    /** Every asset of the owner, oldest first, with every link of each kind (for their export). */
    async listAllWithTargets(ownerUserId: string): Promise<(MediaAssetRow & { targets: MediaLinkTarget[] })[]> {
      const rows = await db.selectFrom('mediaAsset').selectAll().where('ownerUserId', '=', ownerUserId).orderBy('uploadedAt').orderBy('id').execute()
      const targets = new Map(rows.map((row) => [row.id, [] as MediaLinkTarget[]]))
      for (const [type, kind] of Object.entries(mediaLinkKinds) as [MediaLinkType, (typeof mediaLinkKinds)[MediaLinkType]][]) {
        const links: { mediaId: string; targetId: string }[] = await untyped(db)
          .selectFrom(kind.table)
          .select(['mediaId', `${kind.column} as targetId`])
          .where('ownerUserId', '=', ownerUserId)
          .orderBy('createdAt')
          .orderBy('mediaId')
          .execute()
        for (const link of links) targets.get(link.mediaId)?.push({ type, id: link.targetId })
      }
      return rows.map((row) => ({ ...row, targets: targets.get(row.id) ?? [] }))
    },

    /**
     * Holds `bytes` of the owner's quota for an upload, if they fit beside the stored files and the
     * other live reservations; false (and nothing held) when they do not.
     */
    async reserve(ownerUserId: string, uploadId: string, bytes: number, rule: QuotaRule, at: string): Promise<boolean> {
      return withQuotaHeld(ownerUserId, async (trx) => {
        if ((await usedBytes(trx, ownerUserId, rule.liveSince)) + bytes > rule.quotaBytes) return false
        await trx.insertInto('mediaUploadReservation').values({ uploadId, ownerUserId, bytes, createdAt: at }).execute()
        return true
      })
    },

    /** Gives back what an upload held (it was refused, cancelled, or failed to be stored). */
    async release(uploadId: string): Promise<void> {
      await db.deleteFrom('mediaUploadReservation').where('uploadId', '=', uploadId).execute()
    },

    /** Forgets the reservations of uploads that expired unfinished. */
    async releaseOlderThan(at: string): Promise<void> {
      await db.deleteFrom('mediaUploadReservation').where('createdAt', '<', at).execute()
    },

    /**
     * The asset and its links, in one transaction that holds the owner's quota: false (nothing
     * written) when the file does not fit. The upload's own reservation, if any, becomes the file.
     */
    async insertWithLinks(asset: NewMediaAssetRow, targets: MediaLinkTarget[], rule: QuotaRule, uploadId?: string): Promise<boolean> {
      return withQuotaHeld(asset.ownerUserId, async (trx) => {
        if ((await usedBytes(trx, asset.ownerUserId, rule.liveSince, uploadId)) + asset.size > rule.quotaBytes) return false
        if (uploadId !== undefined) await trx.deleteFrom('mediaUploadReservation').where('uploadId', '=', uploadId).execute()
        await trx.insertInto('mediaAsset').values(asset).execute()
        for (const target of targets) {
          const kind = mediaLinkKinds[target.type]
          await untyped(trx)
            .insertInto(kind.table)
            .values({ mediaId: asset.id, [kind.column]: target.id, ownerUserId: asset.ownerUserId, createdAt: asset.uploadedAt })
            .execute()
        }
        return true
      })
    },

    async updateCaption(ownerUserId: string, id: string, caption: string): Promise<boolean> {
      const result = await db.updateTable('mediaAsset').set({ caption }).where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /**
     * Deletes those of `ids` that nothing links to any more, in one transaction that checks every
     * kind of link as it deletes (a link made meanwhile keeps its file); the rows deleted, for
     * their stored objects. Links to the `ignoring` targets do not keep a file: they are the
     * deleted thing's own (a recording's link to its interview's member).
     */
    async deleteUnlinked(ownerUserId: string, ids: string[], ignoring: MediaLinkTarget[] = []): Promise<MediaAssetRow[]> {
      if (ids.length === 0) return []
      return db.transaction().execute(async (trx) => {
        let unlinked = untyped(trx).selectFrom('mediaAsset').selectAll().where('ownerUserId', '=', ownerUserId).where('id', 'in', ids)
        for (const [type, kind] of Object.entries(mediaLinkKinds) as [MediaLinkType, (typeof mediaLinkKinds)[MediaLinkType]][]) {
          const ignored = ignoring.filter((target) => target.type === type).map((target) => target.id)
          unlinked = unlinked.where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom(`${kind.table} as link`)
                  .select('link.mediaId')
                  .whereRef('link.mediaId', '=', 'mediaAsset.id')
                  .$if(ignored.length > 0, (query) => query.where(`link.${kind.column}`, 'not in', ignored)),
              ),
            ),
          )
        }
        const rows = (await unlinked.execute()) as MediaAssetRow[]
        if (rows.length > 0)
          await trx
            .deleteFrom('mediaAsset')
            .where(
              'id',
              'in',
              rows.map((row) => row.id),
            )
            .execute()
        return rows
      })
    },

    /** The bytes of every file the owner has stored and of their unfinished uploads' live reservations, but for `exceptUploadId`'s. */
    usedBytes(ownerUserId: string, liveSince: string, exceptUploadId?: string): Promise<number> {
      return usedBytes(db, ownerUserId, liveSince, exceptUploadId)
    },

    /** Of these storage keys, those a file (or its thumbnail) still names, whoever keeps it. */
    async namedKeys(keys: string[]): Promise<Set<string>> {
      const named = new Set<string>()
      for (let start = 0; start < keys.length; start += 500) {
        const batch = keys.slice(start, start + 500)
        const rows = await db
          .selectFrom('mediaAsset')
          .select(['storagePath', 'thumbnailPath'])
          .where((eb) => eb.or([eb('storagePath', 'in', batch), eb('thumbnailPath', 'in', batch)]))
          .execute()
        for (const row of rows) for (const key of [row.storagePath, row.thumbnailPath]) if (key) named.add(key)
      }
      return named
    },

    /** Deletes the asset row; its links go with it (ON DELETE CASCADE). */
    async delete(ownerUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('mediaAsset').where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
export type MediaRepository = ReturnType<typeof createMediaRepository>
