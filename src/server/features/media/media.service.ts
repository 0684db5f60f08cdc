import { Readable } from 'node:stream'
import { mediaLinkTypes, userMediaPrefix, type MediaLinkType } from '../../../shared/media-path.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { mayChangeItem, roleMay, type TreeActor } from '../../../shared/family-tree/roles.ts'
import { largestUpload, maxBytesFor, type UploadLimits } from '../../../shared/upload-limits.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import { AppError, notFound, payloadTooLarge } from '../../lib/app-error.ts'
import { sniffedBytes, sniffMediaType } from './media-type.ts'
import { createMediaStore } from './media.store.ts'
import { splitHead } from './upload-bytes.ts'
import type { ReceivedBytes } from './upload-digests.ts'
import type { AssetWithLinks, MediaLinkTarget, MediaRepository } from './media.repository.ts'

interface Deps {
  repo: MediaRepository
  storage: ObjectStorage
  /** The largest photo or document, and the largest audio or video, as the server finds its type. */
  uploadLimits: UploadLimits
  /** The bytes each person may keep in all. */
  quotaBytes: number
  /** How long an unfinished upload lives before it is swept away. */
  uploadExpiryMs: number
  /**
   * For each kind of target, the links an upload to one of the owner's targets makes (a recording
   * of an interview session is linked to the session and to its member); undefined when the
   * target is not the owner's.
   */
  linkTargets: Record<MediaLinkType, (ownerId: string, id: string) => Promise<MediaLinkTarget[] | undefined>>
  /** Whether the reader may open a file of these memories of its owner through the tree they share (the family tree keeps the shares). */
  mayReadMemoryFile?(actor: TreeActor & { treeId?: string | null }, ownerUserId: string, entryIds: string[]): Promise<boolean>
}

export interface FinishedUpload {
  ownerId: string
  /** Who uploaded it, when not the owner: a relative adding to the owner's tree. */
  authorId?: string
  fileName: string
  caption: string
  linkedToType: MediaLinkType
  linkedToId: string
  /** The type the uploader declared; only narrows a WebM or Ogg container to audio. */
  declaredType?: string | null
  /** The file's length in bytes, as the upload announced and received it. */
  size: number
  /** A stream of the file's bytes from the start (where the upload waits: on disk or in the bucket). */
  read(): Promise<Readable>
  /** The file the bytes wait in, when they wait on this machine's disk (see `StoredFile.file`). */
  file?: string
  /** What every byte in `file` was seen to be as it arrived, when this process saw them all. */
  received?: ReceivedBytes
  /** The tus upload, whose reservation of the quota the stored file takes over. */
  uploadId?: string
}

/** A file coming back from an export, its links already pointing at the restored things. */
export interface RestoredFile {
  fileName: string
  caption: string
  contentType: string
  uploadedAt: string
  linkedToType: MediaLinkType | null
  linkedToId: string | null
  targets: MediaLinkTarget[]
  bytes: Buffer
}

/** A stored file as an export describes it. */
export interface ExportedAsset {
  id: string
  fileName: string
  caption: string
  contentType: string
  size: number
  sha256: string
  uploadedAt: string
  linkedToType: MediaLinkType | null
  linkedToId: string | null
  targets: MediaLinkTarget[]
}

/** Where the owner's browser fetches the small WebP of an image. */
function thumbnailUrlOf(id: string): string {
  return `/api/media/${id}/thumbnail`
}

function toAsset(row: AssetWithLinks): MediaAsset {
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    fileName: row.fileName,
    storagePath: row.storagePath,
    downloadURL: `/api/media/${row.id}/content`,
    thumbnailURL: row.thumbnailPath ? thumbnailUrlOf(row.id) : null,
    contentType: row.contentType,
    size: row.size,
    caption: row.caption,
    uploadedAt: toIsoString(row.uploadedAt),
    linkedToType: (mediaLinkTypes as readonly string[]).includes(row.linkedToType ?? '') ? (row.linkedToType as MediaLinkType) : null,
    linkedToId: row.linkedToId,
    linkedToMemberIds: row.memberIds,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    takenOn: row.takenOn,
  }
}

/** Refuses a file larger than its real type allows. */
function assertSize(size: number, contentType: string | undefined, limits: UploadLimits) {
  const maxBytes = contentType === undefined ? largestUpload(limits) : maxBytesFor(contentType, limits)
  if (size > maxBytes) throw payloadTooLarge(maxBytes, `Files of this kind are limited to ${maxBytes} bytes`)
}

export function createMediaService({ repo, storage, uploadLimits, quotaBytes, uploadExpiryMs, linkTargets, mayReadMemoryFile }: Deps) {
  async function getRow(ownerId: string, id: string): Promise<AssetWithLinks> {
    const row = await repo.findById(ownerId, id)
    if (!row) throw notFound('Media')
    return row
  }

  const { assertRoomFor, freeBytes, reserveUpload, releaseUpload, releaseExpiredUploads, store } = createMediaStore({ repo, storage, quotaBytes, uploadExpiryMs })
  const storeAsset = async (...args: Parameters<typeof store>) => {
    const id = await store(...args)
    return toAsset(await getRow(args[0].ownerId, id))
  }

  const service = {
    assertRoomFor,
    freeBytes,
    reserveUpload,
    releaseUpload,
    releaseExpiredUploads,

    /** The links an upload to this target makes; refuses (before any byte is sent) a target that is not the uploader's. */
    async assertCanLink(ownerId: string, type: MediaLinkType, id: string): Promise<MediaLinkTarget[]> {
      const targets = await linkTargets[type](ownerId, id)
      if (!targets) throw notFound('Upload target')
      return targets
    },

    /**
     * Turns finished upload bytes into a stored asset, in order: size, real type (and the size it allows),
     * location stripped, sha256 of what is stored, object stored under its storage path, thumbnail, then the asset
     * and its link in one transaction. Whatever fails leaves no object and no row behind. Answers
     * the new asset's id (the upload's answer names it; nothing reads the row back).
     */
    async completeUpload(upload: FinishedUpload): Promise<string> {
      assertSize(upload.size, undefined, uploadLimits)
      const { received } = upload
      if (received && upload.file) {
        // Hashed and checked as they arrived: the file is read again only if it must change.
        const type = await sniffMediaType(received.head, upload.fileName, upload.declaredType, received.head.length >= upload.size)
        if (!type) throw new AppError('unsupported_media_type', 'This kind of file is not accepted')
        assertSize(upload.size, type.mime, uploadLimits)
        const targets = await service.assertCanLink(upload.ownerId, upload.linkedToType, upload.linkedToId)
        return await store(upload, type, targets, upload.read, new Date())
      }
      // The type comes from the first bytes; the rest is read once, while it is stored.
      const { head, whole } = await splitHead(await upload.read(), sniffedBytes)
      try {
        const type = await sniffMediaType(head, upload.fileName, upload.declaredType, head.length >= upload.size)
        if (!type) throw new AppError('unsupported_media_type', 'This kind of file is not accepted')
        assertSize(upload.size, type.mime, uploadLimits)
        const targets = await service.assertCanLink(upload.ownerId, upload.linkedToType, upload.linkedToId)
        return await store(upload, type, targets, async () => whole, new Date())
      } finally {
        whole.destroy()
      }
    },

    /**
     * A file from the owner's export, through the same checks as an upload (size, real type,
     * location, quota, sha256), linked to every target it names; each must be the owner's.
     */
    async restoreFile(ownerId: string, file: RestoredFile): Promise<MediaAsset> {
      assertSize(file.bytes.length, undefined, uploadLimits)
      const type = await sniffMediaType(file.bytes, file.fileName, file.contentType)
      if (!type) throw new AppError('unsupported_media_type', 'This kind of file is not accepted')
      assertSize(file.bytes.length, type.mime, uploadLimits)
      for (const target of file.targets) {
        if (!(await linkTargets[target.type](ownerId, target.id))) throw notFound('Link target')
      }
      const at = new Date(file.uploadedAt)
      return storeAsset({ ownerId, ...file, size: file.bytes.length }, type, file.targets, async () => Readable.from([file.bytes]), Number.isNaN(at.getTime()) ? new Date() : at)
    },

    /** Every file of the owner with all its links, for their export; the bytes come from `openContent`. */
    async exportAssets(ownerId: string): Promise<ExportedAsset[]> {
      return (await repo.listAllWithTargets(ownerId)).map((row) => ({
        id: row.id,
        fileName: row.fileName,
        caption: row.caption,
        contentType: row.contentType,
        size: row.size,
        sha256: row.sha256,
        uploadedAt: toIsoString(row.uploadedAt),
        linkedToType: (mediaLinkTypes as readonly string[]).includes(row.linkedToType ?? '') ? (row.linkedToType as MediaLinkType) : null,
        linkedToId: row.linkedToId,
        targets: row.targets,
      }))
    },

    /** The stored bytes of one of the owner's files. */
    async openContent(ownerId: string, id: string) {
      const row = await getRow(ownerId, id)
      return storage.get(row.storagePath)
    },
    /**
     * The owner's media linked to one target (a member's newest first, the others as attached);
     * a target that is not the owner's is not found, exactly like one that does not exist.
     */
    async listFor(ownerId: string, type: MediaLinkType, targetId: string): Promise<MediaAsset[]> {
      if (!(await linkTargets[type](ownerId, targetId))) throw notFound(type === 'member' ? 'Member' : 'Target')
      return (await repo.listFor(ownerId, type, targetId)).map(toAsset)
    },

    /** The media ids of each of the owner's targets of one kind (for the features that show them). */
    mediaIdsFor(ownerId: string, type: MediaLinkType, targetIds: string[]): Promise<Map<string, string[]>> {
      return repo.idsFor(ownerId, type, targetIds)
    },

    /** The recording of each target that has one: the first sound or video file linked to it (an answer's voice). */
    async recordingsOf(ownerId: string, type: MediaLinkType, targetIds: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>()
      for (const [targetId, mediaIds] of await repo.idsFor(ownerId, type, targetIds)) {
        for (const mediaId of mediaIds) {
          const row = await repo.findById(ownerId, mediaId)
          if (row && /^(audio|video)\//.test(row.contentType)) {
            found.set(targetId, mediaId)
            break
          }
        }
      }
      return found
    },

    /** Each member's portrait: the thumbnail of the first photo linked to them, for members with one. */
    async portraitsOf(ownerId: string, memberIds: string[]): Promise<Map<string, string>> {
      const photos = await repo.firstPhotosOf(ownerId, memberIds)
      return new Map([...photos].map(([memberId, mediaId]) => [memberId, thumbnailUrlOf(mediaId)]))
    },

    /** Makes `mediaIds` a target's whole list of media; ids left out are unlinked, not deleted. */
    async setMedia(ownerId: string, type: MediaLinkType, targetId: string, mediaIds: string[]): Promise<void> {
      if (!(await repo.replaceLinks(ownerId, type, targetId, mediaIds, new Date().toISOString()))) throw notFound('Media')
    },

    /** Adds one of the owner's items to a target's media, keeping the ones it has. */
    async addMedia(ownerId: string, type: MediaLinkType, targetId: string, mediaId: string): Promise<void> {
      const linked = (await repo.idsFor(ownerId, type, [targetId])).get(targetId) ?? []
      if (!linked.includes(mediaId)) await service.setMedia(ownerId, type, targetId, [...linked, mediaId])
    },

    /**
     * Links one of the owner's files to one more of their things, with the links an upload to it
     * makes (a recording kept with its member when it stopped joins the session its answer went
     * to). Links it already has stay; a file or target that is not the owner's is not found.
     */
    async addLinks(ownerId: string, id: string, type: MediaLinkType, targetId: string): Promise<MediaAsset> {
      const targets = await service.assertCanLink(ownerId, type, targetId)
      if (!(await repo.addLinks(ownerId, id, targets, new Date().toISOString()))) throw notFound('Media')
      return toAsset(await getRow(ownerId, id))
    },

    /**
     * Whose asset a person reaches, and for what: their own files, and in the tree their pages
     * show the files of its people (linked to a member), read by every role and changed by those
     * whose role changes anything or who added them; and, to read only, the files of a memory its
     * author shared with that tree, for as long as it is shared. Anything else does not exist for them.
     */
    async reachable(actor: TreeActor & { treeId?: string | null }, id: string, purpose: 'read' | 'change'): Promise<string> {
      if (await repo.findById(actor.userId, id)) return actor.userId
      if (!roleMay(actor.role, 'tree.read')) throw notFound('Media')
      if (actor.holderId !== actor.userId) {
        const row = await repo.findById(actor.holderId, id)
        if (row && row.memberIds.length > 0) {
          if (purpose === 'change' && !mayChangeItem(actor.role, actor.userId, row.authorUserId, actor.holderId))
            throw new AppError('forbidden', 'Only the person who added this file, or an editor of the tree, may change it')
          return actor.holderId
        }
      }
      if (purpose === 'read' && actor.treeId && mayReadMemoryFile) {
        const shared = await repo.ownerAndEntries(id)
        if (shared && (await mayReadMemoryFile(actor, shared.ownerUserId, shared.entryIds))) return shared.ownerUserId
      }
      throw notFound('Media')
    },

    /** Photos and recordings others added to the tree's people after `since`, newest first (the family's news). */
    async addedSince(ownerId: string, since: string, readerId: string, limit: number) {
      const rows = await repo.addedToMembersSince(ownerId, since, readerId, limit)
      return rows.map((row) => ({
        kind: row.contentType.startsWith('image/') ? ('photo' as const) : ('recording' as const),
        id: row.id,
        memberId: row.memberId,
        authorId: row.authorUserId ?? row.ownerUserId,
        at: toIsoString(row.uploadedAt),
        text: row.caption || row.fileName,
        mediaId: row.id,
        contentType: row.contentType,
      }))
    },

    /** The files someone added to trees kept in other accounts, described for their own export. */
    async addedElsewhere(authorId: string) {
      return (await repo.authoredElsewhere(authorId)).map((row) => ({
        holderId: row.ownerUserId,
        id: row.id,
        fileName: row.fileName,
        caption: row.caption,
        contentType: row.contentType,
        size: row.size,
        uploadedAt: toIsoString(row.uploadedAt),
      }))
    },

    /** How many files someone added to each tree of others, by the tree's holder. */
    async authoredCounts(authorId: string): Promise<Map<string, number>> {
      const counts = new Map<string, number>()
      for (const row of await repo.authoredElsewhere(authorId)) counts.set(row.ownerUserId, (counts.get(row.ownerUserId) ?? 0) + 1)
      return counts
    },

    /**
     * The stored objects of the files someone added to trees of others, read before their account
     * goes (the rows go with it); `erase` then removes them.
     */
    async objectsAuthoredElsewhere(authorId: string): Promise<{ erase(): Promise<number> }> {
      const keys = (await repo.authoredElsewhere(authorId)).flatMap((row) => [row.storagePath, ...(row.thumbnailPath ? [row.thumbnailPath] : [])])
      return {
        async erase() {
          for (const key of keys) await storage.delete(key)
          return keys.length
        },
      }
    },

    /** The sizes accepted, for the uploader to check a file before sending it. */
    uploadLimits: (): UploadLimits => uploadLimits,

    async getMedia(ownerId: string, id: string): Promise<MediaAsset> {
      return toAsset(await getRow(ownerId, id))
    },

    async updateCaption(ownerId: string, id: string, caption: string): Promise<MediaAsset> {
      if (!(await repo.updateCaption(ownerId, id, caption))) throw notFound('Media')
      return toAsset(await getRow(ownerId, id))
    },

    /** The stored object of an asset (or its thumbnail), for streaming to its owner. */
    async locate(ownerId: string, id: string, variant: 'content' | 'thumbnail') {
      const row = await getRow(ownerId, id)
      const key = variant === 'content' ? row.storagePath : row.thumbnailPath
      if (!key) throw notFound('Thumbnail')
      return { key, contentType: variant === 'content' ? row.contentType : 'image/webp', fileName: row.fileName, storage }
    },

    /**
     * Deletes, of the files a deleted thing was linked to, those nothing else uses (a photo also in
     * a member's gallery or another memory stays), then their stored objects. Links to `ignoring`
     * do not count as a use: the deleted thing made them with the upload.
     */
    async deleteUnlinked(ownerId: string, mediaIds: string[], ignoring: MediaLinkTarget[] = []): Promise<void> {
      const rows = await repo.deleteUnlinked(ownerId, mediaIds, ignoring)
      await Promise.all(rows.flatMap((row) => [storage.delete(row.storagePath), row.thumbnailPath ? storage.delete(row.thumbnailPath) : []]))
    },

    /**
     * Erases every stored object of a person whose account is gone (the rows went with it):
     * everything under their prefix, so a file a crash once left without its row goes too. A file
     * still named by a row stays: it belongs to a tree that moved to a keeper (ADR 0046), whose
     * rows keep the storage paths they were written with.
     */
    async eraseAllObjectsOf(ownerId: string): Promise<number> {
      const keys: string[] = []
      for await (const key of storage.list(userMediaPrefix(ownerId))) keys.push(key)
      const kept = await repo.namedKeys(keys)
      const gone = keys.filter((key) => !kept.has(key))
      for (const key of gone) await storage.delete(key)
      return gone.length
    },

    /** Erases stored objects whose rows are gone already; answers how many. */
    async eraseObjects(keys: string[]): Promise<number> {
      for (const key of keys) await storage.delete(key)
      return keys.length
    },

    /** Removes the object, the thumbnail, the asset and every link (owner only). */
    async deleteMedia(ownerId: string, id: string): Promise<void> {
      const row = await getRow(ownerId, id)
      if (!(await repo.delete(ownerId, id))) throw notFound('Media')
      // The row goes first: an object left behind by a failed delete is invisible, a row without
      // its object would be a broken photo.
      await Promise.all([storage.delete(row.storagePath), row.thumbnailPath ? storage.delete(row.thumbnailPath) : undefined])
    },
  }
  return service
}
export type MediaService = ReturnType<typeof createMediaService>
