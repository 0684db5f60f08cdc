import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface TestS3 {
  endpoint: string
  bucket: string
  credentials: { accessKeyId: string; secretAccessKey: string }
  close(): Promise<void>
}

/** A local S3-compatible server (s3rver) with one empty bucket, on a free port of 127.0.0.1. */
export async function startTestS3(bucket = 'legado-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'legado-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
