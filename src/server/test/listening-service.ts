import path from 'node:path'
import { createListeningRepository } from '../features/listening/listening.repository.ts'
import { createListeningService } from '../features/listening/listening.service.ts'
import { createMediaRecordings } from '../features/media/media.recordings.ts'
import { createMediaRepository } from '../features/media/media.repository.ts'
import { createLocalStorage } from '../integrations/storage/local-storage.ts'
import type { TestApp } from './test-app.ts'

/**
 * The listening links' service composed as app.ts composes it, on a test app's own database and
 * local storage: what the book's job calls, reached without a route. `publicOrigin` is the address
 * the app's links name (its PUBLIC_URL).
 */
export function listeningServiceOf(t: TestApp, publicOrigin: string, now?: () => Date) {
  return createListeningService({
    repo: createListeningRepository(t.db),
    recordings: createMediaRecordings({ repo: createMediaRepository(t.db), storage: createLocalStorage(path.join(t.dataDir, 'media')) }),
    publicOrigin,
    languageOf: async () => null,
    ...(now ? { now } : {}),
  })
}
