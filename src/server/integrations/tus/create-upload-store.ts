import { createReadStream, mkdirSync } from 'node:fs'
import type { Readable } from 'node:stream'
import { FileStore } from '@tus/file-store'
import { S3Store, type MetadataValue } from '@tus/s3-store'
import type { Redis } from 'ioredis'
import type { Config } from '../../config.ts'

/**
 * Where unfinished resumable uploads wait: `DATA_DIR/uploads` in embedded mode, the media bucket
 * in S3 mode, so any instance can resume any upload (docs/architecture.md#modes).
 */
export type UploadStore = FileStore | S3Store

/**
 * Sees the bytes of each write to an upload before they reach its file: `watch` answers the
 * stream to write instead, and `settled` hears the offset the write reached (undefined: it failed).
 */
export type WriteWatcher = (id: string, offset: number, bytes: Readable) => { bytes: Readable; settled(reached: number | undefined): void }

/**
 * FileStore makes its folder from its constructor in the background, and throws from that
 * callback if it fails: an uncaught exception that ends the whole server (seen when the folder's
 * parent went away meanwhile, as a test's temporary data folder does). Here the folder is made at
 * once, and a failure is an ordinary error of starting up.
 */
class LocalUploadStore extends FileStore {
  /** Set by `watchLocalWrites`. */
  watcher?: WriteWatcher

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const watched = this.watcher?.(id, offset, readable)
    if (!watched) return super.write(readable, id, offset)
    let reached: number | undefined
    try {
      reached = await super.write(watched.bytes, id, offset)
      return reached
    } finally {
      watched.settled(reached)
    }
  }

  /**
   * A finished upload not seen whole as it arrived (or a photo) is read once, to hash it and move
   * it into media storage: in 1 MiB pieces rather than the default 64 KiB, so a 5 MB file is a
   * handful of reads and writes, not eighty.
   */
  override read(id: string) {
    return createReadStream(this.fileOf(id), { highWaterMark: 1024 * 1024 })
  }

  /** The file the upload's bytes are written to. */
  fileOf(id: string): string {
    // FileStore's own (private) resolve refuses an id that would climb out of its folder.
    return (this as unknown as { resolve(id: string): string }).resolve(id)
  }
}

/**
 * The file an upload's bytes wait in when they wait on this machine's disk (undefined in the
 * bucket): once finished, local media storage links it under its name instead of copying it.
 */
export function localFileOf(store: UploadStore, id: string): string | undefined {
  return store instanceof LocalUploadStore ? store.fileOf(id) : undefined
}

/**
 * Has `watcher` see every write to the uploads on this machine's disk; false in the bucket, where
 * a finished upload is read back anyway to be copied under its name.
 */
export function watchLocalWrites(store: UploadStore, watcher: WriteWatcher): boolean {
  if (!(store instanceof LocalUploadStore)) return false
  store.watcher = watcher
  return true
}
;(LocalUploadStore.prototype as unknown as { checkOrCreateDirectory(this: FileStore): void }).checkOrCreateDirectory = function () {
  mkdirSync(this.directory, { recursive: true, mode: 0o700 })
}

/**
 * S3Store removes an upload by aborting its multipart upload, then deleting the upload's object and
 * its `.info`. Once an upload is finished its multipart upload is complete, aborting it fails with
 * NoSuchUpload, and S3Store stops there: the whole file and its `.info` would stay in the bucket
 * beside the media copy for good (a finished upload is removed right after it is stored, and so
 * is one refused when its last byte arrives). The bytes of an upload under way that do not fill a
 * part wait in `.part`, which S3Store never removes: a cancelled upload would leave them. Here
 * all three go, whatever the abort answered.
 */
class BucketUploadStore extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id)
    } finally {
      await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [id, `${id}.info`, `${id}.part`].map((Key) => ({ Key })), Quiet: true } })
      await this.clearCache(id)
    }
  }
}

/** Where S3Store keeps what it read of each upload (the `.info`: its size, metadata and multipart upload). */
type UploadDetails = NonNullable<ConstructorParameters<typeof S3Store>[0]['cache']>

/**
 * S3Store reads an upload's `.info` once and keeps it, by default in this process's memory. With
 * several instances that copy goes stale: the instance that finishes or cancels an upload forgets
 * it, the others go on offering it (a HEAD answers it as there) and keep it in memory for good.
 * In Redis every instance reads and forgets the same copy, which lasts as long as an upload may.
 */
function sharedUploadDetails(redis: Redis, expiryMs: number): UploadDetails {
  const key = (id: string) => `legado:tus:${id}`
  return {
    async get(id) {
      const value = await redis.get(key(id))
      return value ? (JSON.parse(value) as MetadataValue) : undefined
    },
    async set(id, value) {
      await redis.set(key(id), JSON.stringify(value), 'PX', expiryMs)
    },
    async delete(id) {
      await redis.del(key(id))
    },
  }
}

/**
 * `expiryMs`: an unfinished upload older than this answers 410 and is removed by the next sweep.
 * `redis` (REDIS_URL, several instances): in the bucket, what is read of each upload is kept there.
 *
 * The local store needs no flush of its own: an upload's offset is the size of its file on disk,
 * so after a crash the client's HEAD learns what really arrived and resumes from there, and the
 * finished bytes are flushed and linked by the media storage before the upload is acknowledged.
 */
export function createUploadStore(storage: Config['storage'], localDirectory: string, expiryMs: number, redis?: Redis): UploadStore {
  if (storage.kind === 'local') return new LocalUploadStore({ directory: localDirectory, expirationPeriodInMilliseconds: expiryMs })
  const { bucket, region, endpoint, forcePathStyle, credentials } = storage.s3
  return new BucketUploadStore({
    // A photo (MAX_UPLOAD_BYTES) fits in one part of 8 MB; audio and video (MAX_AV_UPLOAD_BYTES) take several.
    partSize: 8 * 1024 * 1024,
    useTags: false,
    expirationPeriodInMilliseconds: expiryMs,
    ...(redis ? { cache: sharedUploadDetails(redis, expiryMs) } : {}),
    s3ClientConfig: {
      bucket,
      region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle,
      ...(credentials ? { credentials } : {}),
      // See s3-storage.ts: checksums only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  })
}
