import { sql, type Kysely } from 'kysely'
import { kinshipBetween, maxKinGenerations, type Kinship } from '../../../shared/family-tree/kinship.ts'
import type { Database } from '../../db/schema.ts'

/**
 * What the kinship of two members needs, read around them alone: their partners and the parent
 * links up from both and from those partners, as far as the tree names relations. A tree of
 * 100,000 people answers a few hundred rows, never the tree.
 */
export function createKinshipQueries(db: Kysely<Database>) {
  return {
    /** The member of the holder's tree linked to this account, if any. */
    async linkedMemberId(ownerUserId: string, userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('member').select('id').where('ownerUserId', '=', ownerUserId).where('linkedUserId', '=', userId).executeTakeFirst()
      return row?.id
    },

    /** The unions with two partners one of whom is among `ids`. */
    async partnersOf(ownerUserId: string, ids: string[]): Promise<{ firstPartnerId: string; secondPartnerId: string; isMarried: boolean }[]> {
      const rows = await db
        .selectFrom('familyUnion')
        .select(['firstPartnerId', 'secondPartnerId', 'isMarried'])
        .where('ownerUserId', '=', ownerUserId)
        .where((eb) => eb.or([eb('firstPartnerId', 'in', ids), eb('secondPartnerId', 'in', ids)]))
        .where('firstPartnerId', 'is not', null)
        .where('secondPartnerId', 'is not', null)
        .execute()
      return rows.map((row) => ({ firstPartnerId: row.firstPartnerId!, secondPartnerId: row.secondPartnerId!, isMarried: Boolean(row.isMarried) }))
    },

    /** Every parent link up from `ids`, `maxGenerations` deep at most (a loop only repeats until then). */
    async ancestryLinks(ownerUserId: string, ids: string[], maxGenerations: number): Promise<{ child: string; parent: string }[]> {
      const { rows } = await sql<{ child: string; parent: string }>`
        with recursive up (child_id, parent_id, depth) as (
          select child_id, parent_id, 1 from member_parent where owner_user_id = ${ownerUserId} and child_id in (${sql.join(ids)})
          union
          select member_parent.child_id, member_parent.parent_id, up.depth + 1 from member_parent join up on member_parent.child_id = up.parent_id
          where member_parent.owner_user_id = ${ownerUserId} and up.depth < ${maxGenerations}
        )
        select distinct child_id as child, parent_id as parent from up`.execute(db)
      return rows
    },
  }
}
export type KinshipQueries = ReturnType<typeof createKinshipQueries>

/** How `memberId` stands to the reader's own card (`kinshipBetween`), reading only what links them. */
export async function kinshipOf(
  queries: Pick<KinshipQueries, 'partnersOf' | 'ancestryLinks'>,
  ownerUserId: string,
  readerCardId: string,
  memberId: string,
): Promise<Kinship | null> {
  if (readerCardId === memberId) return { relation: 'self' }
  const partners = new Map<string, { id: string; isMarried: boolean }[]>()
  const addPartner = (of: string, id: string, isMarried: boolean) => partners.set(of, [...(partners.get(of) ?? []), { id, isMarried }])
  for (const union of await queries.partnersOf(ownerUserId, [readerCardId, memberId])) {
    addPartner(union.firstPartnerId, union.secondPartnerId, union.isMarried)
    addPartner(union.secondPartnerId, union.firstPartnerId, union.isMarried)
  }
  const starts = new Set([readerCardId, memberId, ...(partners.get(readerCardId) ?? []).map((p) => p.id), ...(partners.get(memberId) ?? []).map((p) => p.id)])
  const parents = new Map<string, string[]>()
  for (const link of await queries.ancestryLinks(ownerUserId, [...starts], maxKinGenerations)) parents.set(link.child, [...(parents.get(link.child) ?? []), link.parent])
  return kinshipBetween({ parents, partners }, readerCardId, memberId)
}
