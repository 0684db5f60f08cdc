import { ConfigError, loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { createSearchRepository } from './search.repository.ts'

/**
 * `npm run search:rebuild`: builds the search index again from the memories, interviews, dreams,
 * stories, people and captions the database holds (docs/product.md#search). Triggers keep it up to
 * date on every write; this is for an index that went wrong (a restore made with triggers off, a
 * damaged file). Safe while the server runs: it is one transaction, followed on PostgreSQL by a
 * prune of the word list in a second one.
 */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(config.database)
  try {
    await migrateToLatest(database.raw, database.schema)
    const repo = createSearchRepository(database.raw, database.dialect)
    const started = performance.now()
    const documents = await repo.rebuild()
    process.stdout.write(`The search index holds ${documents} texts again (${Math.round(performance.now() - started)} ms).\n`)
    // PostgreSQL's word list keeps the words of texts gone since. Pruned outside the rebuild's
    // transaction: that one holds every source row it rewrote, and waiting there for the list's
    // writers could deadlock with one of them waiting for such a row.
    if (database.dialect === 'postgres') {
      const pruned = await repo.pruneWords()
      process.stdout.write(`Removed ${pruned} ${pruned === 1 ? 'word' : 'words'} no text holds from the search word list.\n`)
    }
  } finally {
    await database.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exitCode = 1
})
