import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { readInPages, readPageRows } from '../../lib/cooperative.ts'
import type { HeardFactRow, NewHeardFactRow } from './facts.tables.ts'

const insertChunk = 500

/** Every query is filtered by the tree's holder: another tree's facts simply do not exist here. */
export function createFactRepository(db: Kysely<Database>) {
  const ofOwner = (ownerUserId: string) => db.selectFrom('heardFact').selectAll().where('ownerUserId', '=', ownerUserId)

  return {
    /**
     * Keeps the proposals not heard before from the same answer; one heard again, or dismissed
     * before, stays as it is (the unique key of answer, kind and folded value).
     */
    async insertNew(rows: NewHeardFactRow[]): Promise<void> {
      if (rows.length === 0) return
      await db
        .insertInto('heardFact')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute()
    },

    async listForMember(ownerUserId: string, memberId: string): Promise<HeardFactRow[]> {
      return ofOwner(ownerUserId).where('memberId', '=', memberId).where('status', '<>', 'dismissed').orderBy('createdAt').orderBy('quoteStart').orderBy('id').execute()
    },

    /** Every accepted fact of the tree, for a GEDCOM export's citations. */
    async listAccepted(ownerUserId: string): Promise<HeardFactRow[]> {
      return ofOwner(ownerUserId).where('status', '=', 'accepted').orderBy('memberId').orderBy('decidedAt').orderBy('id').execute()
    },

    /** Every fact of the tree, decided or not, oldest first (for an account export). */
    async listAll(ownerUserId: string): Promise<HeardFactRow[]> {
      return readInPages<HeardFactRow>((after) =>
        ofOwner(ownerUserId)
          .$if(after !== undefined, (q) => q.where(({ eb, refTuple, tuple }) => eb(refTuple('createdAt', 'id'), '>', tuple(after!.createdAt as string, after!.id))))
          .orderBy('createdAt')
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
    },

    /** Facts from an export, in one transaction: all of them are written, or none; a few hundred rows per statement. */
    async insertMany(rows: NewHeardFactRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += insertChunk) {
          await trx
            .insertInto('heardFact')
            .values(rows.slice(start, start + insertChunk))
            .execute()
        }
      })
    },

    async findById(ownerUserId: string, id: string): Promise<HeardFactRow | undefined> {
      return ofOwner(ownerUserId).where('id', '=', id).executeTakeFirst()
    },

    /** Decides an open proposal; false when it was decided meanwhile (two people at once). */
    async decide(
      ownerUserId: string,
      id: string,
      decision: { status: 'accepted' | 'dismissed'; value?: string; valueKey?: string; decidedAt: string; decidedByUserId: string; appliedMemberId?: string | null },
    ): Promise<boolean> {
      const result = await db.updateTable('heardFact').set(decision).where('ownerUserId', '=', ownerUserId).where('id', '=', id).where('status', '=', 'open').executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Open proposals of an answer whose words changed: they are heard again from the new words. */
    async dropOpenOf(ownerUserId: string, source: { interviewSessionId?: string; biographyEntryId?: string }): Promise<void> {
      let query = db.deleteFrom('heardFact').where('ownerUserId', '=', ownerUserId).where('status', '=', 'open')
      if (source.interviewSessionId) query = query.where('interviewSessionId', '=', source.interviewSessionId)
      else if (source.biographyEntryId) query = query.where('biographyEntryId', '=', source.biographyEntryId)
      else return
      await query.execute()
    },
  }
}
export type FactRepository = ReturnType<typeof createFactRepository>
