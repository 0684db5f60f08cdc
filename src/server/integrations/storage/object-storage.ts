import type { Readable } from 'node:stream'

/** An inclusive byte range, as HTTP Range requests name them. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where media bytes live: a folder on this machine, or an S3-compatible bucket (docs/architecture.md#media).
 * Keys are the storage paths of docs/product.md#media (`userMedia/…`); bodies are at most MAX_UPLOAD_BYTES, or MAX_AV_UPLOAD_BYTES for audio and video.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3'
  /** Creates the object; a key already taken is refused (`ObjectExistsError`), never overwritten. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /**
   * Creates the object from a stream of exactly `size` bytes, as `put` does, without holding them
   * in memory; a stream that fails leaves no object.
   */
  putStream(key: string, body: Readable, contentType: string, size: number): Promise<void>
  /**
   * Local storage only: creates the object from a finished file on this machine (an upload that
   * waited on the same disk) by flushing it and linking it under the key's name, as `put` would
   * leave it, without copying its bytes. The file keeps its own name for its owner to remove; the
   * object does not change when it goes. A file on another filesystem is copied instead.
   */
  adoptFile?(key: string, file: string): Promise<void>
  /** The object's bytes, or the `range` of them. Throws `ObjectNotFoundError`. */
  get(key: string, range?: ByteRange): Promise<Readable>
  /** The object's size in bytes, or undefined when there is no such object. */
  size(key: string): Promise<number | undefined>
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
  /** Every key under `prefix` (a folder-like `userMedia/`), in no particular order. */
  list(prefix: string): AsyncIterable<string>
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`)
    this.name = 'ObjectNotFoundError'
  }
}

export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`An object is already stored at ${key}`)
    this.name = 'ObjectExistsError'
  }
}

/** Keys are relative, slash-separated and never climb out of their root. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/')
  if (key === '' || key.startsWith('/') || segments.some((segment) => segment === '' || segment === '.' || segment === '..') || key.includes('\\')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`)
  }
}
