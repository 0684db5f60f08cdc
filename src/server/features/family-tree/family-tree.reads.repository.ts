import { sql, type Kysely } from 'kysely'
import { camelColumns, withoutCaseConversion } from '../../db/named-columns.ts'
import type { Database } from '../../db/schema.ts'
import { nextTurn, readInPages, readPageRows } from '../../lib/cooperative.ts'
import {
  indexColumns,
  linkColumns,
  marriagePlaceColumns,
  memberColumns,
  mentionColumns,
  unionColumns,
  type IndexRow,
  type LinkWithBirth,
  type MarriagePlaceRow,
  type MentionRow,
} from './family-tree.read-columns.ts'
import type { MemberRow, UnionRow } from './family-tree.tables.ts'

/**
 * Ids bound in one `IN (...)` list: far below SQLite's limit on a statement's variables (32,766)
 * and PostgreSQL's (65,535), and small enough that a long list is read in turns of the event loop.
 */
export const idsPerQuery = 500

/** `read` over `ids` in lists of `idsPerQuery`, rows joined; duplicates in `ids` are read once. */
async function inLists<T>(ids: Iterable<string>, read: (list: string[]) => Promise<T[]>): Promise<T[]> {
  const distinct = [...new Set(ids)]
  const rows: T[] = []
  for (let start = 0; start < distinct.length; start += idsPerQuery) {
    if (start > 0) await nextTurn()
    for (const row of await read(distinct.slice(start, start + idsPerQuery))) rows.push(row)
  }
  return rows
}

/** Rows of the holder's alone, without the column that told. */
function heldBy<T extends { holder: string }>(ownerUserId: string, rows: T[]): Omit<T, 'holder'>[] {
  return rows.filter((row) => row.holder === ownerUserId).map(({ holder: _, ...row }) => row)
}

/**
 * The reads of the tree page by ids: a person and those one link away, a generation at a time,
 * never the tree. Every answer holds the holder's rows alone, so another tree's ids read nothing.
 * The indexes they use: the owner-page indexes (owner, id) of members and (owner, child, parent)
 * of parent links, member_parent's parent_id and union_id indexes, family_union's partner
 * indexes. The reads by parent, by union and by partner are filtered by the holder once read: with
 * the holder in the query, SQLite walks the holder's owner-page index, every link or union of a
 * tree of 100,000 people, instead of the few rows of those ids.
 */
export function createTreeReadQueries(db: Kysely<Database>) {
  // Each query names its columns as the rows are used: no camel-case renaming of every row read.
  const raw = withoutCaseConversion(db)
  const links = () => raw.selectFrom('member_parent').innerJoin('member', 'member.id', 'member_parent.child_id').select(linkColumns)
  return {
    async membersByIds(ownerUserId: string, ids: Iterable<string>): Promise<MemberRow[]> {
      return inLists(ids, (list) => raw.selectFrom('member').select(memberColumns).where('owner_user_id', '=', ownerUserId).where('id', 'in', list).execute())
    },

    /** The links up from these children (their parents). */
    async linksOfChildren(ownerUserId: string, childIds: Iterable<string>): Promise<LinkWithBirth[]> {
      return heldBy(
        ownerUserId,
        await inLists(childIds, (list) => links().where('member_parent.owner_user_id', '=', ownerUserId).where('member_parent.child_id', 'in', list).execute()),
      )
    },

    /**
     * The links down from these parents (their children), `limit` at most over all of them: a
     * forged family of 100,000 children is read as far as a view can show, not whole.
     */
    async linksOfParents(ownerUserId: string, parentIds: Iterable<string>, limit = Infinity): Promise<LinkWithBirth[]> {
      const rows: LinkWithBirth[] = []
      const distinct = [...new Set(parentIds)]
      for (let start = 0; start < distinct.length && rows.length < limit; start += idsPerQuery) {
        if (start > 0) await nextTurn()
        const left = limit - rows.length
        const page = await links()
          .where('member_parent.parent_id', 'in', distinct.slice(start, start + idsPerQuery))
          .$if(Number.isFinite(left), (q) => q.orderBy('member_parent.parent_id').orderBy('member_parent.child_id').limit(left))
          .execute()
        for (const row of heldBy(ownerUserId, page)) rows.push(row)
      }
      return rows
    },

    /** The links of the children of these unions: a family's children, all of them, with their places. */
    async linksOfUnions(ownerUserId: string, unionIds: Iterable<string>): Promise<LinkWithBirth[]> {
      return heldBy(ownerUserId, await inLists(unionIds, (list) => links().where('member_parent.union_id', 'in', list).execute()))
    },

    /** The unions any of these people is a partner in. */
    async unionsOfPartners(ownerUserId: string, ids: Iterable<string>): Promise<UnionRow[]> {
      const rows = await inLists(ids, (list) =>
        raw
          .selectFrom('family_union')
          .select(unionColumns)
          .where((eb) => eb.or([eb('first_partner_id', 'in', list), eb('second_partner_id', 'in', list)]))
          .execute(),
      )
      const seen = new Set<string>()
      return rows.filter((row) => row.ownerUserId === ownerUserId && !seen.has(row.id) && Boolean(seen.add(row.id)))
    },

    async unionsByIds(ownerUserId: string, ids: Iterable<string>): Promise<UnionRow[]> {
      return inLists(ids, (list) => raw.selectFrom('family_union').select(unionColumns).where('owner_user_id', '=', ownerUserId).where('id', 'in', list).execute())
    },

    /**
     * Every parent link up from these people, as far as it goes: what tells whether a save makes
     * someone their own ancestor. A link is read once however many lines reach it, so a loop an
     * import kept ends the walk.
     */
    async ancestorLinks(ownerUserId: string, ids: Iterable<string>): Promise<{ childId: string; parentId: string }[]> {
      const seen = new Map<string, { childId: string; parentId: string }>()
      await inLists(ids, async (list) => {
        const { rows } = await sql<{ childId: string; parentId: string }>`
          with recursive up (child_id, parent_id) as (
            select child_id, parent_id from member_parent where owner_user_id = ${ownerUserId} and child_id in (${sql.join(list)})
            union
            select member_parent.child_id, member_parent.parent_id from member_parent join up on member_parent.child_id = up.parent_id
            where member_parent.owner_user_id = ${ownerUserId}
          )
          select child_id as "childId", parent_id as "parentId" from up`.execute(raw)
        for (const row of rows) seen.set(`${row.childId} ${row.parentId}`, row)
        return []
      })
      return [...seen.values()]
    },

    /**
     * The cards flagged as the keeper's own, by the partial index that keeps at most one per tree:
     * a save's rules ask it every time, and asking the holder's members would read them all.
     */
    async flaggedSelfIds(ownerUserId: string): Promise<string[]> {
      const rows = await raw
        .selectFrom('member')
        .innerJoin('family_tree', 'family_tree.id', 'member.tree_id')
        .select('member.id')
        .where('family_tree.owner_user_id', '=', ownerUserId)
        .where('member.is_self', '=', 1)
        .execute()
      return rows.map((row) => row.id)
    },

    /** Names and the self flag of these people, for a save's rules and their messages. */
    async namesOf(ownerUserId: string, ids: Iterable<string>): Promise<Pick<MemberRow, 'id' | 'firstName' | 'lastName' | 'isSelf'>[]> {
      return inLists(ids, (list) =>
        raw
          .selectFrom('member')
          .select(camelColumns('member', ['id', 'firstName', 'lastName', 'isSelf'] as const))
          .where('owner_user_id', '=', ownerUserId)
          .where('id', 'in', list)
          .execute(),
      )
    },

    /** Everyone, the few columns the index shows, in pages (a tree may hold 100,000 people). */
    async indexRows(ownerUserId: string): Promise<IndexRow[]> {
      return readInPages<IndexRow>((after) =>
        raw
          .selectFrom('member')
          .select(indexColumns)
          .where('owner_user_id', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
    },

    /** Everyone's names and places, in pages: what finds the tree's people and places in what was told. */
    async mentionRows(ownerUserId: string): Promise<MentionRow[]> {
      return readInPages<MentionRow>((after) =>
        raw
          .selectFrom('member')
          .select(mentionColumns)
          .where('owner_user_id', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
    },

    /** The unions that name a place of marriage, in pages. */
    async marriagePlaces(ownerUserId: string): Promise<MarriagePlaceRow[]> {
      return readInPages<MarriagePlaceRow>((after) =>
        raw
          .selectFrom('family_union')
          .select(marriagePlaceColumns)
          .where('owner_user_id', '=', ownerUserId)
          .where('marriage_place', '!=', '')
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
    },

    /**
     * Every last name of the tree, once each: where the first person by name is looked for. Read by
     * skipping through the (owner, last name) index, a step per last name, not a row per person.
     */
    async lastNames(ownerUserId: string): Promise<string[]> {
      const { rows } = await sql<{ lastName: string }>`
        with recursive names (last_name) as (
          select (select last_name from member where owner_user_id = ${ownerUserId} order by last_name limit 1)
          union all
          select (select last_name from member where owner_user_id = ${ownerUserId} and last_name > names.last_name order by last_name limit 1)
          from names where names.last_name is not null
        )
        select last_name as "lastName" from names where last_name is not null`.execute(raw)
      return rows.map((row) => row.lastName)
    },

    /** The first names of one last name, once each, from the (owner, last name, first name) index alone. */
    async firstNamesOf(ownerUserId: string, lastName: string): Promise<string[]> {
      const rows = await raw.selectFrom('member').select('first_name as firstName').distinct().where('owner_user_id', '=', ownerUserId).where('last_name', '=', lastName).execute()
      return rows.map((row) => row.firstName)
    },

    /** The first by id of the people with this last name and one of these first names (the index's order among equal names). */
    async firstIdNamed(ownerUserId: string, lastName: string, firstNames: readonly string[]): Promise<string | undefined> {
      if (firstNames.length === 0) return undefined
      const row = await raw
        .selectFrom('member')
        .select('id')
        .where('owner_user_id', '=', ownerUserId)
        .where('last_name', '=', lastName)
        .where('first_name', 'in', firstNames)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      return row?.id
    },

    /** The tree's version (migration 0026): replaced by the database with every write to the tree's row or its people. */
    async treeVersion(ownerUserId: string): Promise<string | null> {
      const row = await raw.selectFrom('collection_version').select('version').where('owner_id', '=', ownerUserId).where('collection', '=', 'family-tree').executeTakeFirst()
      return row?.version ?? null
    },
  }
}
export type TreeReadQueries = ReturnType<typeof createTreeReadQueries>
