import { ConfigError, loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { backfillTakenOn } from './photo-dates.ts'

/**
 * `npm run backfill-taken-on`: reads the day each photo stored before Legado read it on upload
 * was taken, from its EXIF, so life timelines place those photos too. Safe to run again, and while
 * the app runs: it only fills what is empty.
 */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(config.database)
  const storage = createObjectStorage(config.storage)
  try {
    await migrateToLatest(database.raw, database.schema)
    const { read, dated } = await backfillTakenOn(database.db, storage.storage)
    console.warn(`Read ${read} photos without a date: ${dated} say when they were taken.`)
  } finally {
    storage.close()
    await database.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
