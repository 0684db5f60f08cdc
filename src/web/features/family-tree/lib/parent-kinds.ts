import type { Member, ParentKind } from '../../../../shared/contracts/family-tree.ts'
import { limits } from '../../../../shared/limits.ts'

/** The parents chosen of each kind: a parent with no kind set yet is one by birth. */
export function parentsPerKind(parentIds: readonly string[], kinds: Readonly<Record<string, string>>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const id of parentIds) counts.set(kinds[id] ?? 'birth', (counts.get(kinds[id] ?? 'birth') ?? 0) + 1)
  return counts
}

/**
 * The kinds the form offers, in the order a new parent takes them. An LDS sealing is shown only
 * on a link that already has it (an import): few families need the word, and it would puzzle the rest.
 */
export const offeredKinds: readonly ParentKind[] = ['birth', 'adopted', 'step', 'foster', 'other']

/** The choices for one parent: the offered kinds, and the parent's own when it is another. */
export function kindChoices(current: ParentKind): readonly ParentKind[] {
  return offeredKinds.includes(current) ? offeredKinds : [...offeredKinds, current]
}

/**
 * The kind a newly chosen parent takes: by birth while there is room, else the first kind with
 * room (a third parent beside two birth parents is most often an adoptive one), so the choices
 * keep to the rule of 2 of each kind.
 */
export function kindForNewParent(otherParentIds: readonly string[], kinds: Readonly<Record<string, ParentKind>>): ParentKind {
  const counts = parentsPerKind(otherParentIds, kinds)
  return offeredKinds.find((kind) => (counts.get(kind) ?? 0) < limits.parentsPerMember) ?? 'other'
}

/** How many parents of each kind `child` has besides `parentId` (the member whose form this is). */
function otherParentKinds(child: Member, parentId: string | undefined): Map<string, number> {
  const others = child.parentLinks.filter((link) => link.parentId !== parentId)
  return parentsPerKind(
    others.map((link) => link.parentId),
    Object.fromEntries(others.map((link) => [link.parentId, link.kind])),
  )
}

/** The kind a newly chosen child takes: by birth while the child has room for one more, else the first kind with room. */
export function kindForNewChild(child: Member | undefined, parentId: string | undefined): ParentKind {
  const counts = child ? otherParentKinds(child, parentId) : new Map<string, number>()
  return offeredKinds.find((kind) => (counts.get(kind) ?? 0) < limits.parentsPerMember) ?? 'other'
}

/** The first child chosen who would have more than 2 parents of the kind chosen for them, if any. */
export function overfullChild(
  childIds: readonly string[],
  kinds: Readonly<Record<string, ParentKind>>,
  membersById: ReadonlyMap<string, Member>,
  parentId: string | undefined,
): Member | undefined {
  for (const childId of childIds) {
    const child = membersById.get(childId)
    if (child && (otherParentKinds(child, parentId).get(kinds[childId] ?? 'birth') ?? 0) >= limits.parentsPerMember) return child
  }
  return undefined
}
