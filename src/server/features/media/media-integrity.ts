import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'

export interface IntegrityReport {
  /** Stored objects no asset names: bytes nobody can reach. */
  objectsWithoutRow: string[]
  /** Assets whose object (or thumbnail) is gone: a broken photo. */
  rowsWithoutObject: { id: string; key: string }[]
  /** Assets whose stored bytes no longer hash to what was recorded: damaged files. */
  hashMismatches: { id: string; key: string }[]
  checked: number
}

/**
 * Compares every media row with the stored objects, across all people: each object named by a
 * row must exist (and its bytes hash to the row's sha256), and each object under `userMedia/` must
 * be named by a row. Reads every byte once; run it off hours on a large installation.
 */
export async function checkMediaIntegrity(db: Kysely<Database>, storage: ObjectStorage): Promise<IntegrityReport> {
  const report: IntegrityReport = { objectsWithoutRow: [], rowsWithoutObject: [], hashMismatches: [], checked: 0 }
  const known = new Set<string>()
  const rows = await db.selectFrom('mediaAsset').select(['id', 'storagePath', 'thumbnailPath', 'sha256']).orderBy('id').execute()
  for (const row of rows) {
    report.checked += 1
    known.add(row.storagePath)
    if (row.thumbnailPath) known.add(row.thumbnailPath)
    if ((await storage.size(row.storagePath)) === undefined) {
      report.rowsWithoutObject.push({ id: row.id, key: row.storagePath })
      continue
    }
    const hash = createHash('sha256')
    for await (const chunk of await storage.get(row.storagePath)) hash.update(chunk as Buffer)
    if (hash.digest('hex') !== row.sha256) report.hashMismatches.push({ id: row.id, key: row.storagePath })
    if (row.thumbnailPath && (await storage.size(row.thumbnailPath)) === undefined) report.rowsWithoutObject.push({ id: row.id, key: row.thumbnailPath })
  }
  for await (const key of storage.list('userMedia/')) if (!known.has(key)) report.objectsWithoutRow.push(key)
  report.objectsWithoutRow.sort()
  return report
}
