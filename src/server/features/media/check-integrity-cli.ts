import { ConfigError, loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { checkMediaIntegrity } from './media-integrity.ts'

/**
 * `npm run check-integrity`: reports stored objects without a row, rows without their object and
 * files whose bytes no longer match their hash; exits 1 when it found any. It changes nothing.
 */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(config.database)
  const storage = createObjectStorage(config.storage)
  try {
    // The schema the app itself would bring (a database never started yet has no tables).
    await migrateToLatest(database.raw, database.schema)
    const report = await checkMediaIntegrity(database.db, storage.storage)
    const problems = report.objectsWithoutRow.length + report.rowsWithoutObject.length + report.hashMismatches.length
    console.warn(`Checked ${report.checked} files: ${problems === 0 ? 'all present and intact.' : `${problems} problems.`}`)
    for (const key of report.objectsWithoutRow) console.warn(`object without a row: ${key}`)
    for (const { id, key } of report.rowsWithoutObject) console.warn(`row without its object: ${id} ${key}`)
    for (const { id, key } of report.hashMismatches) console.warn(`bytes changed since upload: ${id} ${key}`)
    process.exitCode = problems === 0 ? 0 : 1
  } finally {
    storage.close()
    await database.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
