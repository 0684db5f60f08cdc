import type { Kysely, Selectable } from 'kysely'
import type { Book, BookOptions, BookStatus } from '../../../shared/contracts/book.ts'
import type { Language } from '../../../shared/limits.ts'
import type { Database } from '../../db/schema.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { BookTable } from './book.tables.ts'

export type BookRow = Selectable<BookTable>

/** A book as the API answers it; `progress` comes from its job while it is being made. */
export function bookOf(row: BookRow, progress: number): Book {
  return {
    id: row.id,
    kind: row.kind,
    memberId: row.memberId,
    title: row.title,
    language: row.language,
    format: row.format,
    status: row.status,
    progress: row.status === 'done' ? 100 : progress,
    pageCount: row.pageCount,
    bytes: row.bytes === null ? null : Number(row.bytes),
    errorCode: row.errorCode,
    createdAt: toIsoString(row.createdAt),
  }
}

export interface BookEnding {
  status: BookStatus
  errorCode?: string | null
  pdfKey?: string | null
  pageCount?: number | null
  bytes?: number | null
}

/** Every query is filtered by the author: another person's book does not exist here. */
export function createBookRepository(db: Kysely<Database>) {
  return {
    async create(ownerUserId: string, id: string, title: string, options: BookOptions, now: string): Promise<void> {
      await db
        .insertInto('book')
        .values({
          id,
          ownerUserId,
          kind: options.kind,
          memberId: options.memberId ?? null,
          title,
          language: options.language,
          format: options.format,
          options: JSON.stringify(options),
          status: 'queued',
          errorCode: null,
          pdfKey: null,
          pageCount: null,
          bytes: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
    },

    async find(ownerUserId: string, id: string): Promise<BookRow | undefined> {
      return db.selectFrom('book').selectAll().where('ownerUserId', '=', ownerUserId).where('id', '=', id).executeTakeFirst()
    },

    /** Newest first. */
    async list(ownerUserId: string): Promise<BookRow[]> {
      return db.selectFrom('book').selectAll().where('ownerUserId', '=', ownerUserId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()
    },

    async count(ownerUserId: string): Promise<number> {
      const row = await db
        .selectFrom('book')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('ownerUserId', '=', ownerUserId)
        .executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    /** Records how the book's making went; a book already ended keeps its first ending. */
    async update(ownerUserId: string, id: string, changes: BookEnding, now: string): Promise<boolean> {
      const result = await db
        .updateTable('book')
        .set({
          status: changes.status,
          updatedAt: now,
          ...(changes.errorCode === undefined ? {} : { errorCode: changes.errorCode }),
          ...(changes.pdfKey === undefined ? {} : { pdfKey: changes.pdfKey }),
          ...(changes.pageCount === undefined ? {} : { pageCount: changes.pageCount }),
          ...(changes.bytes === undefined ? {} : { bytes: changes.bytes }),
        })
        .where('ownerUserId', '=', ownerUserId)
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async remove(ownerUserId: string, id: string): Promise<BookRow | undefined> {
      const row = await this.find(ownerUserId, id)
      if (row) await db.deleteFrom('book').where('ownerUserId', '=', ownerUserId).where('id', '=', id).execute()
      return row
    },

    async findRetelling(ownerUserId: string, chapterKey: string, language: Language): Promise<{ sourceDigest: string; text: string } | undefined> {
      return db
        .selectFrom('bookRetelling')
        .select(['sourceDigest', 'text'])
        .where('ownerUserId', '=', ownerUserId)
        .where('chapterKey', '=', chapterKey)
        .where('language', '=', language)
        .executeTakeFirst()
    },

    async keepRetelling(ownerUserId: string, chapterKey: string, language: Language, sourceDigest: string, text: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('bookRetelling').where('ownerUserId', '=', ownerUserId).where('chapterKey', '=', chapterKey).where('language', '=', language).execute()
        await trx.insertInto('bookRetelling').values({ ownerUserId, chapterKey, language, sourceDigest, text, createdAt: now }).execute()
      })
    },
  }
}
export type BookRepository = ReturnType<typeof createBookRepository>
