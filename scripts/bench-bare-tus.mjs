// A bare @tus/server, nothing else, for scripts/bench-uploads.mjs to compare Legado's uploads with:
// a FileStore in BARE_TUS_DIR, or an S3Store on BARE_TUS_S3_ENDPOINT (the same settings Legado
// uses). Runs in a process of its own, as Legado's server does, so both meet the same conditions.
import { createServer } from 'node:http'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import { Server } from '@tus/server'

const endpoint = process.env.BARE_TUS_S3_ENDPOINT
const datastore = endpoint
  ? new S3Store({
      partSize: 8 * 1024 * 1024,
      useTags: false,
      s3ClientConfig: {
        bucket: process.env.BARE_TUS_S3_BUCKET,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    })
  : new FileStore({ directory: process.env.BARE_TUS_DIR })
const tus = new Server({ path: '/files', datastore })
createServer((req, res) => void tus.handle(req, res)).listen(Number(process.env.BARE_TUS_PORT), '127.0.0.1')
process.on('SIGTERM', () => process.exit(0))
