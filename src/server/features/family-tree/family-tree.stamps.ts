import type { LinkIndex } from './family-tree.mapping.ts'
import { emptyReach, type SaveReach } from './family-tree.reach.ts'
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

/**
 * What a save of `memberId` reached, for the page to update in place (`changes`): the member, the
 * others whose relations changed (`reached`), the unions it wrote and those whose children it
 * moved. A birth date that changed reorders the parents' children and their family's list, so
 * the parents and that family are sent again too.
 */
export function reachOfSave(
  memberId: string,
  touched: readonly string[],
  plan: UnionPlan,
  trees: { before: IndexedTree; after: IndexedTree },
  reached: readonly string[],
  birthChanged: boolean,
): SaveReach {
  const reach = emptyReach()
  const both = [trees.before, trees.after]
  reach.memberIds.add(memberId)
  for (const id of reached) reach.memberIds.add(id)
  for (const tree of both)
    for (const link of tree.links.parentLinksOf.get(memberId) ?? []) {
      if (birthChanged) reach.memberIds.add(link.parentId)
      if (birthChanged && link.unionId) reach.unionIds.add(link.unionId)
    }
  for (const childId of touched) {
    for (const tree of both) for (const link of tree.links.parentLinksOf.get(childId) ?? []) if (link.unionId) reach.unionIds.add(link.unionId)
    // A child moved into a family (a marriage of their two parents written) keeps their parents but not their links.
    const linksIn = (tree: IndexedTree) => JSON.stringify(tree.links.parentLinksOf.get(childId) ?? [])
    if (linksIn(trees.before) !== linksIn(trees.after)) reach.memberIds.add(childId)
  }
  for (const union of plan.inserts) reach.unionIds.add(union.id)
  for (const { id } of plan.updates) reach.unionIds.add(id)
  for (const unionId of trees.after.links.unionsOf.get(memberId) ?? []) reach.unionIds.add(unionId)
  for (const unionId of plan.deletes) {
    reach.unionIds.delete(unionId)
    reach.removedUnionIds.add(unionId)
  }
  return reach
}
