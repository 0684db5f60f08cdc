import { sql, type Kysely } from 'kysely'
import { readInPages, readPageRows } from '../../lib/cooperative.ts'
import type { StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import type { Database } from '../../db/schema.ts'

/** A person whose birth, or a couple whose wedding, fell on one of the month-days asked for. */
export interface CalendarPerson {
  memberId: string
  firstName: string
  lastName: string
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
  isDeceased: boolean
  openToViewers: boolean
}
export interface CalendarUnion {
  unionId: string
  firstPartnerId: string | null
  secondPartnerId: string | null
  marriageDate: StoredGenealogyDate
  isDivorced: boolean
}

/** What a life's dates are, without the rest of a card: what the family's timeline places. */
export interface LifeDatesRow {
  id: string
  firstName: string
  lastName: string
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
  birthDateSort: number | null
  deathDateSort: number | null
  birthPlace: string
  deathPlace: string
  isDeceased: boolean | number
  openToViewers: boolean | number
}
export interface LifeDates {
  members: LifeDatesRow[]
  parentLinks: { childId: string; parentId: string }[]
  unions: {
    id: string
    firstPartnerId: string | null
    secondPartnerId: string | null
    marriageDate: StoredGenealogyDate | null
    marriageDateSort: number | null
    marriagePlace: string
  }[]
}

// An exact day is stored as `YYYY-MM-DD` and nothing else is ten characters with dashes at 5 and 8
// (genealogy-date's storage form), so the month-day is the text from the sixth character on.
const exactDay = (column: 'birthDate' | 'marriageDate') => sql<boolean>`(length(${sql.ref(column)}) = 10 and ${sql.ref(column)} like '____-__-__')`
const monthDayOf = (column: 'birthDate' | 'marriageDate') => sql<string>`substr(${sql.ref(column)}, 6)`

/**
 * The tree's calendar: who was born, and who married, on given days of the year, read by the
 * database rather than by loading a tree that may hold 100,000 people. Only exact days count:
 * "hacia 1920" or "mayo de 1920" make no birthday.
 */
export function createTreeCalendar(db: Kysely<Database>) {
  const people = (holderId: string) =>
    db.selectFrom('member').select(['id', 'firstName', 'lastName', 'birthDate', 'deathDate', 'isDeceased', 'openToViewers']).where('ownerUserId', '=', holderId)
  const toPerson = (row: Awaited<ReturnType<ReturnType<typeof people>['execute']>>[number]): CalendarPerson => ({
    memberId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthDate: row.birthDate,
    deathDate: row.deathDate,
    isDeceased: Boolean(row.isDeceased),
    openToViewers: Boolean(row.openToViewers),
  })
  return {
    /**
     * Every member's dates and names, the parent links and the weddings, read by pages as the
     * whole tree is (`loadTree`) but without the rest of each card: a tree of 100,000 people is
     * read for its timeline in a fraction of the tree page's time.
     */
    async lifeDates(holderId: string): Promise<LifeDates> {
      const members = await readInPages<LifeDatesRow>((after) =>
        db
          .selectFrom('member')
          .select(['id', 'firstName', 'lastName', 'birthDate', 'deathDate', 'birthDateSort', 'deathDateSort', 'birthPlace', 'deathPlace', 'isDeceased', 'openToViewers'])
          .where('ownerUserId', '=', holderId)
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
      const parentLinks = await readInPages<{ childId: string; parentId: string }>((after) =>
        db
          .selectFrom('memberParent')
          .select(['childId', 'parentId'])
          .where('ownerUserId', '=', holderId)
          .$if(after !== undefined, (q) => q.where(({ eb, refTuple, tuple }) => eb(refTuple('childId', 'parentId'), '>', tuple(after!.childId, after!.parentId))))
          .orderBy('childId')
          .orderBy('parentId')
          .limit(readPageRows)
          .execute(),
      )
      const unions = await readInPages<LifeDates['unions'][number]>((after) =>
        db
          .selectFrom('familyUnion')
          .select(['id', 'firstPartnerId', 'secondPartnerId', 'marriageDate', 'marriageDateSort', 'marriagePlace'])
          .where('ownerUserId', '=', holderId)
          .where('marriageDateSort', 'is not', null)
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
      return { members, parentLinks, unions }
    },

    async bornOn(holderId: string, monthDays: string[]): Promise<CalendarPerson[]> {
      if (monthDays.length === 0) return []
      const rows = await people(holderId).where(exactDay('birthDate')).where(monthDayOf('birthDate'), 'in', monthDays).execute()
      return rows.map(toPerson)
    },

    /** The partners of the couples `marriedOn` found, with what decides whether they are living. */
    async people(holderId: string, ids: string[]): Promise<CalendarPerson[]> {
      if (ids.length === 0) return []
      return (await people(holderId).where('id', 'in', ids).execute()).map(toPerson)
    },

    async marriedOn(holderId: string, monthDays: string[]): Promise<CalendarUnion[]> {
      if (monthDays.length === 0) return []
      const rows = await db
        .selectFrom('familyUnion')
        .select(['id', 'firstPartnerId', 'secondPartnerId', 'marriageDate', 'divorceDate', 'divorcePlace'])
        .where('ownerUserId', '=', holderId)
        .where(exactDay('marriageDate'))
        .where(monthDayOf('marriageDate'), 'in', monthDays)
        .execute()
      return rows.map((row) => ({
        unionId: row.id,
        firstPartnerId: row.firstPartnerId,
        secondPartnerId: row.secondPartnerId,
        marriageDate: row.marriageDate!,
        isDivorced: row.divorceDate !== null || row.divorcePlace !== '',
      }))
    },
  }
}
export type TreeCalendar = ReturnType<typeof createTreeCalendar>
