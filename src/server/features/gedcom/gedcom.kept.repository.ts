import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { nextTurn, readInPages, readPageRows } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'

/** Rows per statement and per transaction: few enough for SQLite's bound-parameter limit, and short enough not to hold the database. */
const rowsPerWrite = 500

export interface KeptRow {
  memberId: string | null
  unionId: string | null
  recordKey: string
  /** JSON of the kept structures. */
  structures: string
}

function* slices<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += rowsPerWrite) yield items.slice(start, start + rowsPerWrite)
}

/** The structures imports kept without showing them; every query is filtered by the owner. */
export function createGedcomKeptRepository(db: Kysely<Database>) {
  async function insert(ownerUserId: string, rows: (KeptRow & { id: string })[]): Promise<void> {
    for (const slice of slices(rows)) {
      await db
        .insertInto('gedcomKept')
        .values(slice.map((row) => ({ ...row, ownerUserId })))
        .execute()
      await nextTurn()
    }
  }

  /** Every row with its id, read by pages: a large tree keeps one per person. */
  async function listWithIds(ownerUserId: string): Promise<(KeptRow & { id: string })[]> {
    return readInPages<KeptRow & { id: string }>((after) =>
      db
        .selectFrom('gedcomKept')
        .select(['id', 'memberId', 'unionId', 'recordKey', 'structures'])
        .where('ownerUserId', '=', ownerUserId)
        .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
        .orderBy('id')
        .limit(readPageRows)
        .execute(),
    )
  }

  return {
    /**
     * Replaces what earlier imports kept for these members, unions and records by `rows`, in bulk:
     * a member of the new file that no longer has anything kept loses what it had. The first
     * import of an account has nothing to replace and skips the deletes.
     */
    async replace(ownerUserId: string, replaced: { memberIds: string[]; unionIds: string[]; recordKeys: string[] }, rows: KeptRow[]): Promise<void> {
      const hasAny = await db.selectFrom('gedcomKept').select('id').where('ownerUserId', '=', ownerUserId).limit(1).executeTakeFirst()
      if (hasAny) {
        for (const [column, values] of [
          ['memberId', replaced.memberIds],
          ['unionId', replaced.unionIds],
          ['recordKey', replaced.recordKeys],
        ] as const) {
          for (const slice of slices(values)) {
            await db.deleteFrom('gedcomKept').where('ownerUserId', '=', ownerUserId).where(column, 'in', slice).execute()
            await nextTurn()
          }
        }
      }
      await insert(
        ownerUserId,
        rows.map((row) => ({ id: newId(), ...row })),
      )
    },

    async list(ownerUserId: string): Promise<KeptRow[]> {
      return listWithIds(ownerUserId)
    },

    /** Every row with its id, for the account's export archive. */
    listWithIds,

    /**
     * Adds rows under the ids they carry, in bulk. When a write fails, the rows already written
     * are deleted again: the caller learns that none was kept, without one transaction holding
     * the database for the whole of a large tree.
     */
    async add(ownerUserId: string, rows: (KeptRow & { id: string })[]): Promise<void> {
      try {
        await insert(ownerUserId, rows)
      } catch (error) {
        for (const slice of slices(rows.map((row) => row.id))) await db.deleteFrom('gedcomKept').where('ownerUserId', '=', ownerUserId).where('id', 'in', slice).execute()
        throw error
      }
    },
  }
}
export type GedcomKeptRepository = ReturnType<typeof createGedcomKeptRepository>
