import { joinFullName } from '../../../shared/family-tree/full-name.ts'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../db/timestamps.ts'
import { newId } from '../../lib/ids.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'

/**
 * Every table whose rows carry an account's key, and what becomes of them when a tree leaves the
 * account it is kept in (ADR 0046):
 * - `tree`: every row of the old holder is the tree's (an account keeps one tree), and moves;
 * - `split`: a row moves when it belongs to the tree (a file of a card or an interview, an
 *   interview's conversation) and stays when it is the person's own (a memory's photo, a chat
 *   with Cronos);
 * - `personal`: the person's own, never moved (a dream's reading, a job they started, the quota
 *   an upload under way holds, the version of their dreams' list).
 * Keyed by the column's table as the database names it; a test compares this with the schema, so
 * a new table with an account's key cannot be forgotten here.
 */
export const keyedTables = {
  family_tree: 'tree',
  member: 'tree',
  member_parent: 'tree',
  family_union: 'tree',
  media_member_link: 'tree',
  interview_session: 'tree',
  media_interview_session_link: 'tree',
  gedcom_kept: 'tree',
  gedcom_import: 'tree',
  heard_fact: 'tree',
  media_asset: 'split',
  chat_conversation: 'split',
  media_biography_entry_link: 'personal',
  dream_reading: 'personal',
  job: 'personal',
  media_upload_reservation: 'personal',
  collection_version: 'personal',
  // A listening link is its maker's (the recording's author): it stays theirs when the tree moves.
  listening_link: 'personal',
  // A book is its author's, whichever tree it tells.
  book: 'personal',
  book_retelling: 'personal',
  // The search index: each row follows its source row's key through the source's own triggers.
  search_document: 'split',
} as const satisfies Record<string, 'tree' | 'split' | 'personal'>

/** The columns that hold an account's key in the tables above. */
export const keyColumns = ['owner_user_id', 'owner_id'] as const

/** The domain of a keeper's address: reserved (RFC 2606), so no mail ever reaches it and nobody signs up with it by mistake. */
export const keeperEmailDomain = 'keeper.invalid'

export function createKeeperRepository(db: Kysely<Database>) {
  return {
    /** The tree kept in this account and who owns it now (undefined: no tree, or no owner). */
    async heldTree(userId: string): Promise<{ treeId: string; treeName: string; ownerId: string | null } | undefined> {
      return db
        .selectFrom('familyTree')
        .leftJoin('treeMembership', (join) => join.onRef('treeMembership.treeId', '=', 'familyTree.id').on('treeMembership.role', '=', 'owner'))
        .select(['familyTree.id as treeId', 'familyTree.treeName', 'treeMembership.userId as ownerId'])
        .where('familyTree.ownerUserId', '=', userId)
        .executeTakeFirst()
    },

    /**
     * The keepers of the trees this person owns that are kept by a keeper: a tree whose holder is
     * no member of it (an account is always a member of the tree it keeps; a keeper never is).
     */
    async keepersOfTreesOwnedBy(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('treeMembership as mine')
        .innerJoin('familyTree', 'familyTree.id', 'mine.treeId')
        .leftJoin('treeMembership as holder', (join) => join.onRef('holder.treeId', '=', 'familyTree.id').onRef('holder.userId', '=', 'familyTree.ownerUserId'))
        .select('familyTree.ownerUserId')
        .where('mine.userId', '=', userId)
        .where('mine.role', '=', 'owner')
        .where('familyTree.ownerUserId', '<>', userId)
        .where('holder.userId', 'is', null)
        .execute()
      return rows.map((row) => row.ownerUserId)
    },

    /**
     * Moves the tree kept in `holderId` to a keeper made for it, in one transaction: a user row that
     * cannot sign in (no credential, an address nobody receives), which from
     * now on holds the tree's rows, its files and their quota. The holder's own card stays as a
     * relative's card, no longer the tree's "me". Rows keep
     * their ids and their files' storage paths. Answers the keeper's id.
     */
    async moveToKeeper(treeId: string, holderId: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const tree = await trx.selectFrom('familyTree').select(['id', 'treeName']).where('id', '=', treeId).where('ownerUserId', '=', holderId).executeTakeFirst()
        if (!tree) throw new Error('The tree is not kept in this account')
        // The holder's card stays, as the card of a relative: no longer the tree's "me", by flag or by word.
        const selves = await trx
          .selectFrom('member')
          .select(['id', 'isSelf', 'relationshipToOwner', 'firstName', 'lastName'])
          .where('treeId', '=', treeId)
          .where((eb) => eb.or([eb('isSelf', '=', 1), eb.and([eb('relationshipToOwner', '<>', ''), eb(eb.fn('length', ['relationshipToOwner']), '<=', 40)])]))
          .execute()
        const cards = selves.filter((m) => isSelfMember({ isSelf: Boolean(m.isSelf), relationshipToOwner: m.relationshipToOwner }))
        const cardIds = cards.map((m) => m.id)
        if (cardIds.length > 0) await trx.updateTable('member').set({ isSelf: 0, relationshipToOwner: '' }).where('id', 'in', cardIds).execute()

        // Named by the holder's card (a name the tree keeps anyway), else by the tree: the words of
        // the tree ("Padre") and what it says the holder added are theirs, so read as theirs.
        const card = cards.find((m) => m.isSelf) ?? cards[0]
        const name = (card && joinFullName(card.firstName, card.lastName)) || tree.treeName
        const keeperId = newId()
        const now = nowIso()
        await trx
          .insertInto('user')
          .values({ id: keeperId, name, email: `${keeperId}@${keeperEmailDomain}`, emailVerified: 0, createdAt: now, updatedAt: now })
          .execute()
        const move = (table: keyof typeof keyedTables) => sql`update ${sql.table(table)} set owner_user_id = ${keeperId} where owner_user_id = ${holderId}`.execute(trx)

        // Files of the tree (of a card or an interview) before their links move; a memory's own stays.
        await sql`update media_asset set owner_user_id = ${keeperId}
          where owner_user_id = ${holderId}
            and (id in (select media_id from media_member_link where owner_user_id = ${holderId})
              or id in (select media_id from media_interview_session_link where owner_user_id = ${holderId}))`.execute(trx)
        await sql`update chat_conversation set owner_user_id = ${keeperId} where owner_user_id = ${holderId} and kind = 'interview'`.execute(trx)
        for (const [table, kind] of Object.entries(keyedTables) as [keyof typeof keyedTables, string][]) if (kind === 'tree') await move(table)
        return keeperId
      })
    },

    /** The storage keys of every file a keeper holds (read before it goes: its rows go with it). */
    async objectKeysOf(keeperIds: string[]): Promise<string[]> {
      if (keeperIds.length === 0) return []
      const rows = await db.selectFrom('mediaAsset').select(['storagePath', 'thumbnailPath']).where('ownerUserId', 'in', keeperIds).execute()
      return rows.flatMap((row) => [row.storagePath, ...(row.thumbnailPath ? [row.thumbnailPath] : [])])
    },

    /** Deletes keepers, and with them (ON DELETE CASCADE) the trees they keep. */
    async deleteKeepers(keeperIds: string[]): Promise<void> {
      if (keeperIds.length === 0) return
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user').where('id', 'in', keeperIds).where('email', 'like', `%@${keeperEmailDomain}`).execute()
        // Written again by the triggers of the tree's rows that cascaded (migration 0026), after the keeper was gone.
        const gone = trx.selectFrom('user').select('id').where('id', 'in', keeperIds)
        await trx.deleteFrom('collectionVersion').where('ownerId', 'in', keeperIds).where('ownerId', 'not in', gone).execute()
      })
    },
  }
}
export type KeeperRepository = ReturnType<typeof createKeeperRepository>
