import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from './database.ts'
import { migrateToLatest } from './migrate.ts'

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(config.database)
  try {
    const applied = await migrateToLatest(database.raw, database.schema)
    console.warn(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.')
  } finally {
    await database.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
