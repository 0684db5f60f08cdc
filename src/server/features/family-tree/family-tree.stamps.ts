import type { LinkIndex } from './family-tree.mapping.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import type { UnionRow } from './family-tree.tables.ts'
import type { UnionPlan } from './family-tree.unions.ts'

// A member's form sends their parents, children and unions with the rest, so an edit of one person
// that changes another's relations (a child given a second parent, a marriage date set from the
// husband's card) must change the other's stamp too: else a form opened on them before it would
// save their old relations back without a word.

/** A tree as read, with its links indexed. */
export interface IndexedTree {
  snapshot: TreeSnapshot
  links: LinkIndex
}

/** What a member's form holds of their relations: parents and children with their kinds, unions with what each says. */
function relationsOf(id: string, { links }: IndexedTree, unionsById: ReadonlyMap<string, UnionRow>): string {
  const parents = (links.parentLinksOf.get(id) ?? []).map((link) => `${link.parentId} ${link.kind}`).sort()
  const children = (links.childrenOf.get(id) ?? []).map((childId) => `${childId} ${links.parentLinksOf.get(childId)?.find((link) => link.parentId === id)?.kind}`).sort()
  const unions = (links.unionsOf.get(id) ?? []).map((unionId) => {
    const u = unionsById.get(unionId)
    return u && [u.id, u.firstPartnerId, u.secondPartnerId, u.marriageDate, u.marriagePlace, Boolean(u.isMarried), u.divorceDate, u.divorcePlace, u.notes, u.position]
  })
  return JSON.stringify([parents, children, unions])
}

/**
 * The members other than `memberId` whose relations differ between `before` and `after` an edit
 * of `memberId` that rewrote the parent links of `touched` and carried out `plan`. Only the people
 * the edit could reach are compared, not the whole tree.
 */
export function othersWithChangedRelations(memberId: string, touched: readonly string[], plan: UnionPlan, before: IndexedTree, after: IndexedTree): string[] {
  const unionsBefore = new Map(before.snapshot.unions.map((union) => [union.id, union]))
  const unionsAfter = new Map(after.snapshot.unions.map((union) => [union.id, union]))
  const reached = new Set<string>(touched)
  for (const childId of touched) for (const tree of [before, after]) for (const link of tree.links.parentLinksOf.get(childId) ?? []) reached.add(link.parentId)
  const unionIds = [...plan.deletes, ...plan.updates.map((update) => update.id), ...plan.inserts.map((union) => union.id)]
  for (const unionId of unionIds)
    for (const union of [unionsBefore.get(unionId), unionsAfter.get(unionId)]) {
      if (union?.firstPartnerId) reached.add(union.firstPartnerId)
      if (union?.secondPartnerId) reached.add(union.secondPartnerId)
    }
  reached.delete(memberId)
  return [...reached].filter((id) => relationsOf(id, before, unionsBefore) !== relationsOf(id, after, unionsAfter))
}
