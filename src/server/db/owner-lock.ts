import { type Kysely, PostgresAdapter, type Transaction } from 'kysely'
import type { Database } from './schema.ts'

/**
 * Runs `work` in a transaction that holds what one person is allowed (their storage quota, their
 * jobs under way): a second such transaction for the same person waits until this one ends, then
 * counts what it left, so a check and the write it allows are one step even across instances. On
 * PostgreSQL that is a lock on the person's user row, `FOR NO KEY UPDATE`, which does not stop rows
 * referring to them from being written (under READ COMMITTED each statement after the lock sees
 * what was committed before it); SQLite runs one transaction at a time.
 */
export function withOwnerHeld<T>(db: Kysely<Database>, ownerUserId: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  return db.transaction().execute(async (trx) => {
    if (isPostgres) await trx.selectFrom('user').select('id').where('id', '=', ownerUserId).forNoKeyUpdate().execute()
    return work(trx)
  })
}
