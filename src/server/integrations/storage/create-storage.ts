import type { Config } from '../../config.ts'
import { createLocalStorage } from './local-storage.ts'
import type { ObjectStorage } from './object-storage.ts'
import { createS3Client, createS3Storage } from './s3-storage.ts'

/** The configured media storage, and how to release it when the app closes. */
export function createObjectStorage(config: Config['storage']): { storage: ObjectStorage; close(): void } {
  if (config.kind === 'local') return { storage: createLocalStorage(config.dir), close: () => undefined }
  const client = createS3Client(config.s3)
  return { storage: createS3Storage(client, config.s3.bucket), close: () => client.destroy() }
}
