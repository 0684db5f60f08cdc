import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { mediaStoragePath, splitExtension, type MediaLinkType } from '../../../shared/media-path.ts'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import { AppError } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import { imageDimensions, makeThumbnail, removeLocation, withImageSlot } from './image-processing.ts'
import { createPlainTextCheck, type SniffedType } from './media-type.ts'
import type { MediaLinkTarget, MediaRepository, QuotaRule } from './media.repository.ts'
import { hashWhileStreaming, readAll } from './upload-bytes.ts'
import { stripVideoLocation } from './video-location.ts'

/** What `store` needs to know of a file besides its bytes. */
export interface StoredFile {
  ownerId: string
  /** Who uploaded it, when not `ownerId` (a relative adding to a tree they share): it goes with their account. */
  authorId?: string
  fileName: string
  caption: string
  linkedToType: MediaLinkType | null
  linkedToId: string | null
  size: number
  /**
   * The file the bytes already wait in on this machine's disk (a finished upload), if any. A file
   * stored as it came is then linked into local storage rather than copied; the caller removes
   * this name afterwards, and it must not change meanwhile.
   */
  file?: string
  /** The sha256 of the bytes in `file` and whether they are plain text, when they were seen as they arrived. */
  received?: { sha256: string; isPlainText: boolean }
  /** The upload the file comes from, whose reservation of the quota it takes over. */
  uploadId?: string
}

/** Photos and videos are changed before they are stored (their location removed): they are read whole. */
const isEdited = (type: SniffedType) => type.kind === 'image' || type.kind === 'video' || type.mime === 'audio/mp4'
/** Text is stored only if every byte of it is plain text, not just the first ones its type was read from. */
const isPlainText = (type: SniffedType) => type.mime.startsWith('text/plain')

interface Deps {
  repo: MediaRepository
  storage: ObjectStorage
  quotaBytes: number
  /** How long an unfinished upload lives: a reservation older than this belongs to an expired one. */
  uploadExpiryMs: number
}

/**
 * Writing a file whose type and targets are known: what an upload and a restored export share.
 * The quota counts the stored files and the bytes unfinished uploads declared (each reserved when
 * its upload was created); it is checked again where the size is final, in the transaction that
 * records the file.
 */
export function createMediaStore({ repo, storage, quotaBytes, uploadExpiryMs }: Deps) {
  const rule = (): QuotaRule => ({ quotaBytes, liveSince: new Date(Date.now() - uploadExpiryMs).toISOString() })
  const quotaExceeded = () => new AppError('media.quota_exceeded', `Each person may keep ${quotaBytes} bytes of files; this one does not fit`)

  /** Refuses (507 `media.quota_exceeded`) a file of `bytes` that would not fit in the owner's quota (beside `uploadId`'s own reservation). */
  async function assertRoomFor(ownerId: string, bytes: number, uploadId?: string): Promise<void> {
    if ((await repo.usedBytes(ownerId, rule().liveSince, uploadId)) + bytes > quotaBytes) throw quotaExceeded()
  }

  /**
   * Holds the declared length of a new upload in the owner's quota, at once for every instance:
   * of uploads created together, those that fit are held and the rest refused (507).
   */
  async function reserveUpload(ownerId: string, uploadId: string, bytes: number): Promise<void> {
    if (!(await repo.reserve(ownerId, uploadId, bytes, rule(), new Date().toISOString()))) throw quotaExceeded()
  }

  /**
   * Stores a file whose type and targets are known, in order: quota, location stripped, sha256 of
   * what is stored, the object under its storage path (docs/product.md#media), a thumbnail, then the asset and its links in
   * one transaction. The bytes are opened (`open`) only when they must be read, once, from the
   * first. Whatever fails leaves no object and no row behind. Answers the new asset's id.
   */
  async function store(upload: StoredFile, type: SniffedType, targets: MediaLinkTarget[], open: () => Promise<Readable>, at: Date): Promise<string> {
    await assertRoomFor(upload.ownerId, upload.size, upload.uploadId)
    const [base] = splitExtension(upload.fileName)
    const id = newId()
    const key = mediaStoragePath({ ownerUserId: upload.ownerId, linkedToType: upload.linkedToType, fileName: `${base}${type.extension}`, at, assetId: id })
    const stored: string[] = []
    try {
      let bytes: Buffer | undefined
      let written: { sha256: string; size: number }
      if (isEdited(type)) {
        // Where it was taken stays private: photos lose their GPS, videos (and M4A audio) their location boxes.
        const original = await readAll(await open(), upload.size)
        bytes = type.kind === 'image' ? (await withImageSlot(() => removeLocation(original, type.mime))).bytes : stripVideoLocation(original).bytes
        // The hash of the bytes as stored (after the location went), so an integrity check can verify them.
        written = { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length }
        await storage.put(key, bytes, type.mime)
      } else if (upload.file && upload.received && storage.adoptFile) {
        // Hashed and checked as the chunks arrived: linked where it belongs without a read.
        if (isPlainText(type) && !upload.received.isPlainText) throw new AppError('unsupported_media_type', 'This kind of file is not accepted')
        written = { sha256: upload.received.sha256, size: upload.size }
        await storage.adoptFile(key, upload.file)
      } else {
        const tap = hashWhileStreaming(await open(), isPlainText(type) ? createPlainTextCheck() : undefined)
        if (upload.file && storage.adoptFile) {
          // Hashed and checked in one read, then linked where it belongs: no second copy of the
          // bytes on the same disk.
          await tap.stream.forEach(() => undefined)
          written = tap.result()
          if (written.size !== upload.size) throw new AppError('internal', 'The stored file is not the size of the upload')
          await storage.adoptFile(key, upload.file)
        } else {
          try {
            await storage.putStream(key, tap.stream, type.mime, upload.size)
          } catch (error) {
            throw tap.refusal ?? error
          }
          written = tap.result()
          if (written.size !== upload.size) throw new AppError('internal', 'The stored file is not the size of the upload')
        }
      }
      stored.push(key)
      let thumbnailPath: string | null = null
      let size: { width: number; height: number; takenOn: string | null } | undefined
      if (type.kind === 'image' && bytes) {
        const image = bytes
        const [dimensions, thumbnail] = await withImageSlot(async () => [await imageDimensions(image), await makeThumbnail(image)] as const)
        size = dimensions
        thumbnailPath = `${key}.thumb.webp`
        await storage.put(thumbnailPath, thumbnail.bytes, thumbnail.contentType)
        stored.push(thumbnailPath)
      }
      const isRecorded = await repo.insertWithLinks(
        {
          id,
          ownerUserId: upload.ownerId,
          authorUserId: upload.authorId && upload.authorId !== upload.ownerId ? upload.authorId : null,
          fileName: upload.fileName,
          storagePath: key,
          thumbnailPath,
          contentType: type.mime,
          size: written.size,
          sha256: written.sha256,
          width: size?.width ?? null,
          height: size?.height ?? null,
          takenOn: size?.takenOn ?? null,
          caption: upload.caption.trim(),
          linkedToType: upload.linkedToType,
          linkedToId: upload.linkedToId,
          uploadedAt: at.toISOString(),
        },
        targets,
        rule(),
        upload.uploadId,
      )
      if (!isRecorded) throw quotaExceeded()
      return id
    } catch (error) {
      await Promise.allSettled(stored.map((storedKey) => storage.delete(storedKey)))
      throw error
    }
  }

  /** What the person may still store (never below zero). */
  async function freeBytes(ownerId: string): Promise<number> {
    return Math.max(0, quotaBytes - (await repo.usedBytes(ownerId, rule().liveSince)))
  }

  /** Gives back an upload's reservation (refused, cancelled, or not stored). */
  async function releaseUpload(uploadId: string): Promise<void> {
    await repo.release(uploadId)
  }

  /** Forgets the reservations of uploads that expired unfinished. */
  async function releaseExpiredUploads(): Promise<void> {
    await repo.releaseOlderThan(rule().liveSince)
  }

  return { assertRoomFor, freeBytes, reserveUpload, releaseUpload, releaseExpiredUploads, store }
}
