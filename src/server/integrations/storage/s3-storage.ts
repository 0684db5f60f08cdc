import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NotFound, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Readable } from 'node:stream'
import { assertSafeKey, type ByteRange, ObjectExistsError, ObjectNotFoundError, type ObjectStorage } from './object-storage.ts'

export interface S3Settings {
  bucket: string
  region: string
  /** Unset: AWS itself. Set for MinIO, Garage, Ceph, R2, Backblaze… */
  endpoint?: string
  forcePathStyle: boolean
  /** Unset: the SDK's own chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible servers store aws-chunked
    // bodies verbatim otherwise, corrupting every object (TOOLCHAIN.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

/** Media in an S3-compatible bucket, so any number of instances share them (docs/architecture.md#modes). */
export function createS3Storage(client: S3Client, bucket: string): ObjectStorage {
  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertSafeKey(key)
      try {
        // A conditional write: S3 (and MinIO, R2…) refuse it with 412 when the key is taken.
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length, IfNoneMatch: '*' }))
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412) throw new ObjectExistsError(key)
        throw error
      }
    },

    async putStream(key, body, contentType, size) {
      assertSafeKey(key)
      // The SDK pipes the body into its request, and a pipe does not pass a failing source on: the
      // request would wait for the rest for ever. A failure aborts it, and S3 keeps no object.
      const abort = new AbortController()
      const failed = new Promise<never>((_resolve, reject) =>
        body.once('error', (error) => {
          abort.abort(error)
          reject(error)
        }),
      )
      try {
        await Promise.race([
          client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size, IfNoneMatch: '*' }), {
            abortSignal: abort.signal,
          }),
          failed,
        ])
      } catch (error) {
        body.destroy()
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412) throw new ObjectExistsError(key)
        throw error
      }
    },

    async get(key, range?: ByteRange): Promise<Readable> {
      assertSafeKey(key)
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        return answer.Body as Readable
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key)
        throw error
      }
    },

    async size(key) {
      assertSafeKey(key)
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },

    async delete(key) {
      assertSafeKey(key)
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },

    async *list(prefix) {
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
  }
}
