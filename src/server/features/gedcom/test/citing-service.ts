import path from 'node:path'
import type { FactProposal } from '../../../../shared/contracts/facts.ts'
import type { Language } from '../../../../shared/limits.ts'
import { loadConfig } from '../../../config.ts'
import { createObjectStorage } from '../../../integrations/storage/create-storage.ts'
import { createInProcessQueue } from '../../../lib/jobs/job-queue.ts'
import { createJobRepository } from '../../../lib/jobs/job.repository.ts'
import { createJobRunner } from '../../../lib/jobs/job-runner.ts'
import type { TestApp } from '../../../test/test-app.ts'
import { createFamilyTreeRepository } from '../../family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../../family-tree/family-tree.service.ts'
import { createMediaRepository } from '../../media/media.repository.ts'
import { createMediaService } from '../../media/media.service.ts'
import { createGedcomJobRepository } from '../gedcom.repository.ts'
import { createGedcomKeptRepository } from '../gedcom.kept.repository.ts'
import { createGedcomService } from '../gedcom.service.ts'

/**
 * A GEDCOM service on the test app's database and file storage, wired as app.ts wires it, whose
 * cited facts are the ones given (the facts feature's port) and whose people speak the languages
 * given, by account.
 */
export function citingService(t: TestApp, facts: () => FactProposal[], languages: Record<string, Language> = {}) {
  const config = loadConfig(t.env)
  const { storage } = createObjectStorage(config.storage)
  const media = createMediaService({
    repo: createMediaRepository(t.db),
    storage,
    uploadLimits: { fileBytes: config.maxUploadBytes, audioVideoBytes: config.maxAvUploadBytes },
    quotaBytes: config.storageQuotaBytes,
    uploadExpiryMs: config.uploadExpiryMs,
    // Only reading here: nothing is uploaded through this service.
    linkTargets: { member: async () => undefined, biographyEntry: async () => undefined, interviewSession: async () => undefined },
  })
  const familyTree = createFamilyTreeService({
    repo: createFamilyTreeRepository(t.db),
    getOwner: async () => ({ displayName: 'Rosa', email: 'rosa@example.com', preferredLanguage: 'es' }),
    // Each member's files, as the export names them.
    relatedIds: async (ownerId, memberIds) => ({ interviewSegments: new Map(), mediaAssetIds: await media.mediaIdsFor(ownerId, 'member', memberIds) }),
  })
  const runner = createJobRunner({
    repo: createJobRepository(t.db),
    queue: createInProcessQueue({ concurrency: 1 }),
    storage,
    workDir: path.join(t.dataDir, 'citing-jobs'),
    recoverAtStart: false,
    log: { warn: () => undefined, error: () => undefined },
  })
  return createGedcomService({
    familyTree,
    jobs: createGedcomJobRepository(t.db),
    runner,
    kept: createGedcomKeptRepository(t.db),
    describeMedia: async (ownerId, mediaIds) => {
      const assets = await Promise.all(mediaIds.map((id) => media.getMedia(ownerId, id).catch(() => undefined)))
      return new Map(
        assets.flatMap((asset) =>
          asset
            ? [[asset.id, { id: asset.id, fileName: asset.fileName, file: asset.storagePath, contentType: asset.contentType, title: asset.caption || asset.fileName }] as const]
            : [],
        ),
      )
    },
    openMedia: (ownerId, mediaId) => media.openContent(ownerId, mediaId),
    citedFacts: async () => facts(),
    languageOf: async (userId) => languages[userId] ?? null,
  })
}

/** A small WAV file (its header alone), as a recording of an answer. */
export function recordingBytes(): Buffer {
  const wav = Buffer.alloc(44)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(8000, 24)
  wav.writeUInt32LE(16000, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  return wav
}
