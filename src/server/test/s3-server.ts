import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import S3rver, { type S3rverContext } from 's3rver'

export interface TestS3 {
  endpoint: string
  bucket: string
  credentials: { accessKeyId: string; secretAccessKey: string }
  /** The settings that point an app at this bucket (`STORAGE=s3` and the S3_* variables). */
  settings: Record<string, string>
  close(): Promise<void>
}

/** The folder s3rver keeps a multipart upload's parts in, while the upload is neither completed nor aborted. */
function uploadDirectory(ctx: S3rverContext, bucket: string, uploadId: string): string {
  return path.join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
}

/** S3's answer for a multipart upload that was completed or aborted (or never was). */
function noSuchUpload(ctx: S3rverContext) {
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`
  ctx.status = 404
}

/**
 * s3rver lacks ListParts (`GET /bucket/key?uploadId=…` answers 405), which @tus/s3-store calls on
 * every request (TOOLCHAIN.md). This answers it from s3rver's own part files, and NoSuchUpload
 * once the upload is completed or aborted, as S3 does.
 */
async function listParts(ctx: S3rverContext, next: () => Promise<void>) {
  const uploadId = ctx.query.uploadId
  if (ctx.method !== 'GET' || !uploadId || ctx.query.partNumber !== undefined) return next()
  const [, bucket, ...key] = ctx.path.split('/')
  const directory = uploadDirectory(ctx, bucket!, uploadId)
  const found = await readdir(directory).catch(() => undefined)
  if (!found) return noSuchUpload(ctx)
  const names = found.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b))
  const parts = await Promise.all(
    names.map(async (name) => {
      const [info, md5] = await Promise.all([stat(path.join(directory, name)), readFile(path.join(directory, `${name}.md5`), 'utf8')])
      return `<Part><PartNumber>${name}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`
    }),
  )
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
  ctx.status = 200
}

/**
 * s3rver lacks AbortMultipartUpload (`DELETE /bucket/key?uploadId=…` answers 405), which
 * @tus/s3-store calls to remove an upload: this drops the parts, and answers NoSuchUpload for an
 * upload already completed or aborted, as S3 does.
 */
async function abortMultipartUpload(ctx: S3rverContext, next: () => Promise<void>) {
  const uploadId = ctx.query.uploadId
  if (ctx.method !== 'DELETE' || !uploadId) return next()
  const [, bucket] = ctx.path.split('/')
  const directory = uploadDirectory(ctx, bucket!, uploadId)
  if (!(await stat(directory).catch(() => undefined))) return noSuchUpload(ctx)
  await rm(directory, { recursive: true, force: true })
  ctx.status = 204
}

/** A local S3-compatible server (s3rver) with one empty bucket, on a free port of 127.0.0.1. */
export async function startTestS3(bucket = 'legado-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'legado-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  server.middleware.unshift(listParts, abortMultipartUpload)
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  return {
    endpoint,
    bucket,
    credentials,
    settings: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
