import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import type { StoredObject } from '../../lib/stored-object-reply.ts'
import type { MediaRepository } from './media.repository.ts'

/** A sound or video file as a listening page tells it: its title, and whether it plays as audio or as video. */
export interface Recording {
  id: string
  title: string
  contentType: string
  /** Who recorded or added it: the one person who may give it a listening link. */
  authorId: string
}

/** A recording's title: its caption, else its file name without the extension («entrevista-2026-11-29»). */
function titleOf(row: { caption: string; fileName: string }): string {
  return row.caption.trim() || row.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '')
}

/**
 * The recordings the listening links play (docs/product.md#listening-links). They are read by id,
 * whoever keeps them: the listening feature decides who may link one (its author) and who may play
 * it (whoever holds the link's token).
 */
export function createMediaRecordings({ repo, storage }: { repo: MediaRepository; storage: ObjectStorage }) {
  return {
    /** The recordings among `ids`, by id; photos, documents and missing files are absent. */
    async find(ids: string[]): Promise<Map<string, Recording>> {
      const rows = await repo.findRecordings([...new Set(ids)])
      return new Map(rows.map((row) => [row.id, { id: row.id, title: titleOf(row), contentType: row.contentType, authorId: row.authorUserId ?? row.ownerUserId }]))
    },

    /** The stored bytes of one recording, to stream; undefined when it is no recording (any more). */
    async locate(id: string): Promise<(StoredObject & { title: string }) | undefined> {
      const [row] = await repo.findRecordings([id])
      return row && { storage, key: row.storagePath, contentType: row.contentType, title: titleOf(row) }
    },
  }
}
export type MediaRecordings = ReturnType<typeof createMediaRecordings>
