import { type Kysely, Migrator } from 'kysely'
import { migrations } from './migrations/index.ts'

/**
 * Brings the schema up to date; throws (and changes nothing further) if a migration fails.
 * On PostgreSQL the migrator is told its schema: it looks for its own tables across every schema,
 * and would otherwise take another schema's (another Legado, another Kysely app) for its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs on the untyped connection
export async function migrateToLatest(raw: Kysely<any>, postgresSchema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: raw,
    provider: { getMigrations: async () => migrations },
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
