import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { ListeningLinkRow, NewListeningLinkRow } from './listening.tables.ts'

/** Recordings named in one query: far below SQLite's and PostgreSQL's bound values. */
const maxListed = 1000

/** Every query but the token's is filtered by the link's maker: another person's links do not exist here. */
export function createListeningRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewListeningLinkRow): Promise<void> {
      await db.insertInto('listeningLink').values(row).execute()
    },

    /** The maker's links to these recordings in `language` still answering at `now`. */
    async liveLinks(ownerUserId: string, mediaIds: string[], language: string, now: string): Promise<ListeningLinkRow[]> {
      const found: ListeningLinkRow[] = []
      for (let start = 0; start < mediaIds.length; start += maxListed) {
        const rows = await db
          .selectFrom('listeningLink')
          .selectAll()
          .where('ownerUserId', '=', ownerUserId)
          .where('mediaId', 'in', mediaIds.slice(start, start + maxListed))
          .where('language', '=', language)
          .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
          .execute()
        found.push(...rows)
      }
      return found
    },

    /** Newest first. */
    async list(ownerUserId: string): Promise<ListeningLinkRow[]> {
      return db.selectFrom('listeningLink').selectAll().where('ownerUserId', '=', ownerUserId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()
    },

    async findById(ownerUserId: string, id: string): Promise<ListeningLinkRow | undefined> {
      return db.selectFrom('listeningLink').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
    },

    /** The link a token opens, still answering at `now`, whoever asks: the token is the key. */
    async findLiveByToken(token: string, now: string): Promise<ListeningLinkRow | undefined> {
      return db
        .selectFrom('listeningLink')
        .selectAll()
        .where('token', '=', token)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
        .executeTakeFirst()
    },

    async delete(ownerUserId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('listeningLink').where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** Answers how many went. */
    async deleteAll(ownerUserId: string): Promise<number> {
      const result = await db.deleteFrom('listeningLink').where('ownerUserId', '=', ownerUserId).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
export type ListeningRepository = ReturnType<typeof createListeningRepository>
