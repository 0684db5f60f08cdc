import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import { nextTurn } from '../../lib/cooperative.ts'
import { imageDimensions, withImageSlot } from './image-processing.ts'

/** Photos read per query: each is read whole from storage, so a page is a few hundred megabytes at most. */
const pageSize = 50

/**
 * Fills the day each photo was taken (`taken_on`) for photos stored before it was read on upload:
 * every image with none is read once from storage and its EXIF `DateTimeOriginal` kept. Photos
 * that do not say stay null, and are read again by a later run (cheaply: there are few). A photo
 * whose object is missing is skipped (`npm run check-integrity` reports those).
 */
export async function backfillTakenOn(db: Kysely<Database>, storage: ObjectStorage): Promise<{ read: number; dated: number }> {
  let read = 0
  let dated = 0
  let after = ''
  for (;;) {
    const rows = await db
      .selectFrom('mediaAsset')
      .select(['id', 'storagePath'])
      .where('takenOn', 'is', null)
      .where('contentType', 'like', 'image/%')
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute()
    if (rows.length === 0) return { read, dated }
    for (const row of rows) {
      after = row.id
      const bytes = await storage
        .get(row.storagePath)
        .then(async (stream) => Buffer.concat(await stream.toArray()))
        .catch(() => undefined)
      if (!bytes) continue
      read += 1
      const takenOn = await withImageSlot(async () => (await imageDimensions(bytes).catch(() => undefined))?.takenOn ?? null)
      if (takenOn === null) continue
      await db.updateTable('mediaAsset').set({ takenOn }).where('id', '=', row.id).execute()
      dated += 1
    }
    await nextTurn()
  }
}
