import type { ParentMap } from './ancestry.ts'

/** The partners of each member, as the tree's unions pair them; `isMarried` tells a spouse from a partner. */
export type PartnerMap = ReadonlyMap<string, readonly { id: string; isMarried: boolean }[]>

export interface KinGraph {
  parents: ParentMap
  partners: PartnerMap
}

/**
 * How one member stands to another, as the tree's parent links and unions tell it. `ancestor` and
 * `descendant` count generations (1 a parent or child, 3 a great-grandparent or great-grandchild).
 */
export const kinRelations = [
  'self',
  'ancestor',
  'descendant',
  'sibling',
  'half-sibling',
  'uncle-aunt',
  'nephew-niece',
  'cousin',
  'spouse',
  'partner',
  'step-parent',
  'step-child',
  'parent-in-law',
  'child-in-law',
  'sibling-in-law',
] as const
export type KinRelation = (typeof kinRelations)[number]

export interface Kinship {
  relation: KinRelation
  /** For `ancestor` and `descendant`: how many generations apart. */
  generations?: number
}

/**
 * Beyond this many generations up or down the tree names no relation (nobody speaks of a
 * twenty-first grandparent); it also bounds the walk up a tree with a loop in it.
 */
export const maxKinGenerations = 20

/** Every ancestor of `id` within `maxKinGenerations`, with the fewest generations up to it; `id` itself at 0. */
function generationsUp(parents: ParentMap, id: string): Map<string, number> {
  const depth = new Map([[id, 0]])
  // Breadth first: the first time a member is reached is by its shortest line.
  let level = [id]
  for (let generation = 1; generation <= maxKinGenerations && level.length > 0; generation += 1) {
    const next: string[] = []
    for (const child of level)
      for (const parent of parents.get(child) ?? [])
        if (!depth.has(parent)) {
          depth.set(parent, generation)
          next.push(parent)
        }
    level = next
  }
  return depth
}

/** The collateral relations named by (generations up from the teller, generations down to the relative). */
function collateral(up: number, down: number): KinRelation | undefined {
  if (up === 1 && down === 1) return 'sibling'
  if (up === 2 && down === 1) return 'uncle-aunt'
  if (up === 1 && down === 2) return 'nephew-niece'
  if (up === 2 && down === 2) return 'cousin'
  return undefined
}

/** Blood relations through the nearest common ancestor; linear in the ancestors of both. */
function byBlood(parents: ParentMap, fromId: string, toId: string): Kinship | null {
  const fromUp = generationsUp(parents, fromId)
  const up = fromUp.get(toId)
  if (up !== undefined) return { relation: 'ancestor', generations: up }
  const toUp = generationsUp(parents, toId)
  const down = toUp.get(fromId)
  if (down !== undefined) return { relation: 'descendant', generations: down }
  let best: { relation: KinRelation; distance: number } | undefined
  for (const [ancestor, generationsDown] of toUp) {
    const generationsUp = fromUp.get(ancestor)
    if (generationsUp === undefined || generationsDown === 0) continue
    const relation = collateral(generationsUp, generationsDown)
    const distance = generationsUp + generationsDown
    if (relation && (!best || distance < best.distance)) best = { relation, distance }
  }
  if (!best) return null
  if (best.relation !== 'sibling') return { relation: best.relation }
  // Half-siblings share a parent and each has one the other has not; a parent nobody recorded
  // tells nothing, so one parent in common and no other known is a sibling.
  const fromParents = parents.get(fromId) ?? []
  const toParents = parents.get(toId) ?? []
  const isHalf = fromParents.some((p) => !toParents.includes(p)) && toParents.some((p) => !fromParents.includes(p))
  return { relation: isHalf ? 'half-sibling' : 'sibling' }
}

const sharesParent = (parents: ParentMap, a: string, b: string) => a !== b && (parents.get(a) ?? []).some((p) => (parents.get(b) ?? []).includes(p))

/**
 * How `toId` stands to `fromId` (the person talking): the nearest of self, spouse or partner,
 * blood (ancestors and descendants by generations, siblings and half-siblings, uncles and aunts,
 * nephews and nieces, first cousins), step-parents and step-children, and in-laws; null when the
 * tree links them no such way. Work is linear in the two people's ancestors and partners, so it
 * suits a request on a tree of 100,000 people, and a loop in the parent links only ends a walk.
 */
export function kinshipBetween({ parents, partners }: KinGraph, fromId: string, toId: string): Kinship | null {
  if (fromId === toId) return { relation: 'self' }
  const fromPartners = partners.get(fromId) ?? []
  const toPartners = partners.get(toId) ?? []
  const union = fromPartners.find((p) => p.id === toId)
  if (union) return { relation: union.isMarried ? 'spouse' : 'partner' }
  const blood = byBlood(parents, fromId, toId)
  if (blood) return blood
  const parentsOf = (id: string) => parents.get(id) ?? []
  if (toPartners.some((p) => parentsOf(fromId).includes(p.id))) return { relation: 'step-parent' }
  if (fromPartners.some((p) => parentsOf(toId).includes(p.id))) return { relation: 'step-child' }
  if (fromPartners.some((p) => parentsOf(p.id).includes(toId))) return { relation: 'parent-in-law' }
  if (toPartners.some((p) => parentsOf(p.id).includes(fromId))) return { relation: 'child-in-law' }
  if (fromPartners.some((p) => sharesParent(parents, p.id, toId)) || toPartners.some((p) => sharesParent(parents, p.id, fromId))) return { relation: 'sibling-in-law' }
  return null
}
