import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { Readable } from 'node:stream'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { createLocalStorage } from '../../integrations/storage/local-storage.ts'
import type { MediaLinkTarget, MediaRepository } from './media.repository.ts'
import { createMediaService } from './media.service.ts'

const roots: string[] = []
/** The same answer for every kind of target. */
const anyTarget = (resolve: (owner: string, id: string) => Promise<MediaLinkTarget[] | undefined>) => ({ member: resolve, biographyEntry: resolve, interviewSession: resolve })
/** A finished upload's bytes, as the upload store hands them over. */
const upload = (bytes: Buffer) => ({ size: bytes.length, read: async () => Readable.from([bytes]) })
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })))

/** Every file under `root`, as relative paths. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

describe('finishing an upload', () => {
  it('leaves no object behind when recording the asset fails', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'legado-media-fail-'))
    roots.push(root)
    const failingRepo = {
      usedBytes: async () => 0,
      insertWithLinks: async () => {
        throw new Error('the database went away')
      },
    } as unknown as MediaRepository
    const service = createMediaService({
      repo: failingRepo,
      storage: createLocalStorage(root),
      uploadLimits: { fileBytes: 5_242_880, audioVideoBytes: 209_715_200 },
      quotaBytes: 10_000_000,
      uploadExpiryMs: 24 * 60 * 60 * 1000,
      linkTargets: anyTarget(async (_owner, id) => [{ type: 'member', id }]),
    })
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#9a4a2c' } })
      .jpeg()
      .toBuffer()

    await expect(service.completeUpload({ ownerId: 'u1', fileName: 'foto.jpg', caption: '', linkedToType: 'member', linkedToId: 'm1', ...upload(photo) })).rejects.toThrow(
      'the database went away',
    )
    expect(filesUnder(root)).toEqual([])
  })

  it('refuses a file over the limit and one linked to someone else’s member before storing anything', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'legado-media-refuse-'))
    roots.push(root)
    const service = createMediaService({
      repo: {} as MediaRepository,
      storage: createLocalStorage(root),
      uploadLimits: { fileBytes: 10, audioVideoBytes: 10 },
      quotaBytes: 100,
      uploadExpiryMs: 24 * 60 * 60 * 1000,
      linkTargets: anyTarget(async () => undefined),
    })
    const note = { ownerId: 'u1', fileName: 'nota.txt', caption: '', linkedToType: 'member' as const, linkedToId: 'm1' }
    await expect(service.completeUpload({ ...note, ...upload(Buffer.from('demasiado largo para el límite')) })).rejects.toMatchObject({ code: 'payload_too_large' })
    await expect(service.completeUpload({ ...note, ...upload(Buffer.from('hola')) })).rejects.toMatchObject({ code: 'not_found' })
    expect(filesUnder(root)).toEqual([])
  })
})
