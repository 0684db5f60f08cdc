import type { Database } from '../../db/schema.ts'
import { createKinshipQueries } from './family-tree.kinship.ts'
import { createTreeReadQueries } from './family-tree.reads.repository.ts'
import { createTreeWriteQueries } from './family-tree.writes.repository.ts'
import { readInPages, readPageRows } from '../../lib/cooperative.ts'
import { sql, type Kysely } from 'kysely'
import type { FamilyTreeRow, MemberRow, ParentLinkRow, UnionRow } from './family-tree.tables.ts'

export interface TreeSnapshot {
  tree: FamilyTreeRow | undefined
  members: MemberRow[]
  parentLinks: ParentLinkRow[]
  unions: UnionRow[]
}

/** How a row of `memberWithRelatives` is related to the member asked for. */
export type RelationToMember = 'self' | 'parent' | 'child' | 'partner'

/** A member's own facts (no relation lists): what a feature that speaks about one person reads. */
export type MemberFactsRow = Pick<
  MemberRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'relationshipToOwner'
  | 'isSelf'
  | 'isDeceased'
  | 'birthDate'
  | 'deathDate'
  | 'birthPlace'
  | 'deathPlace'
  | 'gender'
  | 'bioSummary'
  | 'birthDateSort'
> & { relation: RelationToMember; kind: string | null }

const factColumns = [
  'member.id',
  'member.firstName',
  'member.lastName',
  'member.relationshipToOwner',
  'member.isSelf',
  'member.isDeceased',
  'member.birthDate',
  'member.deathDate',
  'member.birthPlace',
  'member.deathPlace',
  'member.gender',
  'member.bioSummary',
  'member.birthDateSort',
] as const

/** Longer than any way of writing «yo mismo/a», "myself"… with spaces around (self-member.ts). */
const selfWordMaxLength = 40

/** Every query is filtered by the owner: another user's tree and members do not exist here. The writes are in family-tree.writes.repository.ts. */
function familyTreeQueries(db: Kysely<Database>) {
  return {
    // The reads by ids, inside a save's transaction too: a save reads the people around it, not the tree.
    ...createTreeReadQueries(db),
    ...createTreeWriteQueries(db),

    async loadTree(ownerUserId: string): Promise<TreeSnapshot> {
      const tree = await db.selectFrom('familyTree').selectAll().where('ownerUserId', '=', ownerUserId).executeTakeFirst()
      const members = await readInPages<MemberRow>((after) =>
        db
          .selectFrom('member')
          .selectAll()
          .where('ownerUserId', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
      // In the order of the children's ids for each parent: ids are time-ordered, so undated
      // children keep the order they were added in, not the order their links were written again.
      const parentLinks = await readInPages<ParentLinkRow>((after) =>
        db
          .selectFrom('memberParent')
          .select(['childId', 'parentId', 'unionId', 'kind', 'childPosition'])
          .where('ownerUserId', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where(({ eb, refTuple, tuple }) => eb(refTuple('childId', 'parentId'), '>', tuple(after!.childId, after!.parentId))))
          .orderBy('childId')
          .orderBy('parentId')
          .limit(readPageRows)
          .execute(),
      )
      const unions = await readInPages<UnionRow>((after) =>
        db
          .selectFrom('familyUnion')
          .selectAll()
          .where('ownerUserId', '=', ownerUserId)
          .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
          .orderBy('id')
          .limit(readPageRows)
          .execute(),
      )
      return { tree, members, parentLinks, unions }
    },

    /**
     * What recognises the member that represents the owner, and nothing more: flagged ones first,
     * then those whose relationship is short enough to be a word like «yo mismo». An imported
     * tree's people have none, so a tree of 100,000 answers a few rows, not all of them.
     */
    async selfCandidates(ownerUserId: string): Promise<Pick<MemberRow, 'id' | 'isSelf' | 'relationshipToOwner'>[]> {
      // Two reads by index, as one `or` could not be: the flagged card by the partial index of
      // flagged cards (through the tree's row), then the cards with a relationship by (owner,
      // relationship), which `> ''` ranges over and `<> ''` would not.
      const flagged = await db
        .selectFrom('member')
        .innerJoin('familyTree', 'familyTree.id', 'member.treeId')
        .select(['member.id', 'member.isSelf', 'member.relationshipToOwner'])
        .where('familyTree.ownerUserId', '=', ownerUserId)
        .where('member.isSelf', '=', 1)
        .orderBy('member.createdAt')
        .execute()
      const worded = await db
        .selectFrom('member')
        .select(['id', 'isSelf', 'relationshipToOwner'])
        .where('ownerUserId', '=', ownerUserId)
        .where('relationshipToOwner', '>', '')
        .where((eb) => eb(eb.fn('length', ['relationshipToOwner']), '<=', selfWordMaxLength))
        .orderBy('createdAt')
        .execute()
      const flaggedIds = new Set(flagged.map((row) => row.id))
      return [...flagged, ...worded.filter((row) => !flaggedIds.has(row.id))]
    },

    /** Members an import wrote, with the names an import of the same tree is recognised by. */
    async countMembers(ownerUserId: string): Promise<number> {
      const row = await db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('ownerUserId', '=', ownerUserId)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async importedMembers(ownerUserId: string): Promise<{ sourceId: string; firstName: string; lastName: string }[]> {
      const rows = await db.selectFrom('member').select(['sourceId', 'firstName', 'lastName']).where('ownerUserId', '=', ownerUserId).where('sourceId', 'is not', null).execute()
      return rows as { sourceId: string; firstName: string; lastName: string }[]
    },

    /**
     * The member and everyone one link away (parents with their kind, children, partners), in one
     * query that reads those rows alone, whatever the size of the tree. Empty when the member is
     * not the owner's.
     */
    async memberWithRelatives(ownerUserId: string, memberId: string): Promise<MemberFactsRow[]> {
      const relation = (name: RelationToMember) => sql<RelationToMember>`${sql.lit(name)}`.as('relation')
      const rows = await db
        .selectFrom('member')
        .select([...factColumns, relation('self'), sql<string | null>`null`.as('kind')])
        .where('member.ownerUserId', '=', ownerUserId)
        .where('member.id', '=', memberId)
        .unionAll(
          db
            .selectFrom('memberParent')
            .innerJoin('member', 'member.id', 'memberParent.parentId')
            .select([...factColumns, relation('parent'), 'memberParent.kind'])
            .where('memberParent.ownerUserId', '=', ownerUserId)
            .where('memberParent.childId', '=', memberId),
        )
        .unionAll(
          db
            .selectFrom('memberParent')
            .innerJoin('member', 'member.id', 'memberParent.childId')
            .select([...factColumns, relation('child'), 'memberParent.kind'])
            .where('memberParent.ownerUserId', '=', ownerUserId)
            .where('memberParent.parentId', '=', memberId),
        )
        .unionAll(
          db
            .selectFrom('familyUnion')
            .innerJoin('member', 'member.id', 'familyUnion.secondPartnerId')
            .select([...factColumns, relation('partner'), sql<string | null>`null`.as('kind')])
            .where('familyUnion.ownerUserId', '=', ownerUserId)
            .where('familyUnion.firstPartnerId', '=', memberId),
        )
        .unionAll(
          db
            .selectFrom('familyUnion')
            .innerJoin('member', 'member.id', 'familyUnion.firstPartnerId')
            .select([...factColumns, relation('partner'), sql<string | null>`null`.as('kind')])
            .where('familyUnion.ownerUserId', '=', ownerUserId)
            .where('familyUnion.secondPartnerId', '=', memberId),
        )
        .execute()
      // Another owner's member answers nothing at all, relatives included.
      return rows.some((row) => row.relation === 'self' && row.id === memberId) ? rows : []
    },

    /**
     * How many parent links up from `fromId` `ancestorId` is, by the shortest line (1 a parent);
     * null when it is no ancestor. Walks the owner's links up from `fromId` alone, as far as
     * `maxGenerations`, so it reads that person's ancestors, not the tree.
     */
    async generationsUp(ownerUserId: string, fromId: string, ancestorId: string, maxGenerations: number): Promise<number | null> {
      const { rows } = await sql<{ depth: number | string | null }>`
        with recursive up (id, depth) as (
          select parent_id, 1 from member_parent where owner_user_id = ${ownerUserId} and child_id = ${fromId}
          union
          select member_parent.parent_id, up.depth + 1 from member_parent join up on member_parent.child_id = up.id
          where member_parent.owner_user_id = ${ownerUserId} and up.depth < ${maxGenerations}
        )
        select min(depth) as depth from up where id = ${ancestorId}`.execute(db)
      const depth = rows[0]?.depth
      return depth === null || depth === undefined ? null : Number(depth)
    },

    /** People added by hand after `since` by anyone but `readerId`, newest first (an import's thousands are not news one by one). */
    async addedSince(ownerUserId: string, since: string, readerId: string, limit: number) {
      return db
        .selectFrom('member')
        .select(['id', 'firstName', 'lastName', 'addedByUserId', 'ownerUserId', 'createdAt'])
        .where('ownerUserId', '=', ownerUserId)
        .where('createdAt', '>', since)
        .where('sourceId', 'is', null)
        .where((eb) => eb(eb.fn.coalesce('addedByUserId', 'ownerUserId'), '!=', readerId))
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute()
    },

    async names(ownerUserId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('member').select(['id', 'firstName', 'lastName']).where('ownerUserId', '=', ownerUserId).where('id', 'in', ids).execute()
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]))
    },

    /** The unions a member is a partner in, in their order: what a marriage heard about them fills. */
    async unionsOfPartner(ownerUserId: string, memberId: string) {
      return db
        .selectFrom('familyUnion')
        .select(['id', 'firstPartnerId', 'secondPartnerId', 'marriageDate', 'marriagePlace'])
        .where('ownerUserId', '=', ownerUserId)
        .where((eb) => eb.or([eb('firstPartnerId', '=', memberId), eb('secondPartnerId', '=', memberId)]))
        .orderBy('position')
        .execute()
    },

    async treeOf(ownerUserId: string): Promise<FamilyTreeRow | undefined> {
      return db.selectFrom('familyTree').selectAll().where('ownerUserId', '=', ownerUserId).executeTakeFirst()
    },

    async hasTree(ownerUserId: string): Promise<boolean> {
      const row = await db.selectFrom('familyTree').select('ownerUserId').where('ownerUserId', '=', ownerUserId).executeTakeFirst()
      return row !== undefined
    },

    async memberExists(ownerUserId: string, memberId: string): Promise<boolean> {
      const row = await db.selectFrom('member').select('id').where('ownerUserId', '=', ownerUserId).where('id', '=', memberId).executeTakeFirst()
      return row !== undefined
    },
  }
}
export type FamilyTreeQueries = ReturnType<typeof familyTreeQueries>

export function createFamilyTreeRepository(db: Kysely<Database>) {
  return {
    ...familyTreeQueries(db),
    ...createKinshipQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (queries: FamilyTreeQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(familyTreeQueries(trx)))
    },
  }
}
export type FamilyTreeRepository = ReturnType<typeof createFamilyTreeRepository>
