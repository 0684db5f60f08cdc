import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../db/timestamps.ts'
import type { UserRow } from './account.tables.ts'

export interface UserProfilePatch {
  name?: string
  birthDate?: string | null
  familyRelation?: string
  preferredLanguage?: string | null
}

export function createAccountRepository(db: Kysely<Database>) {
  return {
    async findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /**
     * Deletes the user; every owned row (sessions, dreams, the tree, memories, media rows…)
     * goes with it through the foreign keys' ON DELETE CASCADE.
     */
    async deleteUser(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user').where('id', '=', id).execute()
        // Written again by the triggers of the rows that cascaded, after the user was gone.
        await trx.deleteFrom('collectionVersion').where('ownerId', '=', id).execute()
      })
    },

    async updateProfile(id: string, patch: UserProfilePatch): Promise<void> {
      await db
        .updateTable('user')
        .set({ ...patch, updatedAt: nowIso() })
        .where('id', '=', id)
        .execute()
    },
  }
}
export type AccountRepository = ReturnType<typeof createAccountRepository>
