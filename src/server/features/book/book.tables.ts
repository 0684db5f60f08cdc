import type { ColumnType } from 'kysely'
import type { BookFormat, BookKind, BookStatus } from '../../../shared/contracts/book.ts'
import type { Language } from '../../../shared/limits.ts'

type Instant = ColumnType<Date | string, string, string>

/** A life book asked for, and once made, where its PDF is kept: its job is the runner's row of the same id. */
export interface BookTable {
  id: string
  /** Who made it: a book is its author's, whichever tree it tells. */
  ownerUserId: string
  kind: BookKind
  memberId: string | null
  title: string
  language: Language
  format: BookFormat
  /** JSON: the options it was made with (the contract's `BookOptions`). */
  options: string
  status: BookStatus
  errorCode: string | null
  /** The stored object holding the PDF, once made. */
  pdfKey: string | null
  pageCount: number | null
  bytes: number | null
  createdAt: Instant
  updatedAt: Instant
}

/** A chapter a model retold as prose, kept for the author until what it retold changes. */
export interface BookRetellingTable {
  ownerUserId: string
  chapterKey: string
  language: Language
  /** A digest of the texts it retold: a chapter told differently since is retold again, never printed stale. */
  sourceDigest: string
  text: string
  createdAt: Instant
}

export interface BookTables {
  book: BookTable
  bookRetelling: BookRetellingTable
}
