import type { MediaAsset } from '../../../../shared/contracts/media.ts'

let sequence = 0

/** A media asset as the server lists it. */
export function buildAsset(overrides: Partial<MediaAsset> = {}): MediaAsset {
  sequence += 1
  return {
    id: `media-${sequence}`,
    ownerUserId: 'u1',
    fileName: `foto-${sequence}.jpg`,
    storagePath: `userMedia/u1/member/2024-03/foto-${sequence}_1.jpg`,
    downloadURL: `/api/media/media-${sequence}/content`,
    thumbnailURL: `/api/media/media-${sequence}/thumbnail`,
    contentType: 'image/jpeg',
    size: 1_572_864,
    caption: '',
    uploadedAt: '2024-03-01T10:00:00.000Z',
    linkedToType: 'member',
    linkedToId: 'member-1',
    linkedToMemberIds: ['member-1'],
    sha256: 'a'.repeat(64),
    width: 800,
    height: 600,
    takenOn: null,
    ...overrides,
  }
}

/** A file of `bytes` bytes (the content is zeros). */
export function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type })
}
