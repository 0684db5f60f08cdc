import { chartMetrics, defaultGenerations, type ChartLayout, type ChartNode, type LayoutOptions, type NodeKind } from './chart-model.ts'
import { boundsOf, coupleLinks, parentLinks } from './chart-links.ts'
import type { FamilyIndex } from './family-index.ts'

interface AncestorSlot {
  memberId: string
  generation: number
  parents?: AncestorUnit
  width: number
}
interface AncestorUnit {
  slots: AncestorSlot[]
  width: number
}
interface DescendantUnit {
  memberId: string
  generation: number
  /** Partners beside the person: spouses and the other parents of their children. */
  partners: string[]
  /** The families shown under this block, each with its children's blocks. */
  families: { key: string; children: DescendantUnit[] }[]
  childrenWidth: number
  width: number
}

const { nodeWidth: W, nodeHeight: H, coupleGap, siblingGap, rowGap } = chartMetrics
const rowY = (generation: number) => generation * (H + rowGap)

/**
 * An hourglass chart around `centreId`: its ancestors above (each couple over its child), its
 * descendants below (each beside their partners, their children under them). Each family is
 * expanded at most once and each person placed at most once, so shared ancestors (cousins who
 * married) appear once and the work grows with what is shown, not with the size of the tree.
 * Both halves are walked breadth first, so the generation limit counts the shortest line.
 */
export function layoutFamilyChart(index: FamilyIndex, centreId: string, options: LayoutOptions = {}): ChartLayout {
  const maxUp = options.ancestorGenerations ?? defaultGenerations
  const maxDown = options.descendantGenerations ?? defaultGenerations
  const visitedFamilies = new Set<string>()
  const placed = new Set<string>([centreId])
  /** Parent → child lines to draw, as family key and child id. */
  const lineages: [string, string][] = []
  let hasMoreAncestors = false
  let hasMoreDescendants = false

  const maxPeople = options.maxPeople ?? Infinity
  /** Counts a person in; past the budget the whole layout is given up (see `layoutWithin`). */
  function place1(memberId: string) {
    placed.add(memberId)
    if (placed.size > maxPeople) throw overBudget
  }

  function visit(key: string) {
    visitedFamilies.add(key)
    options.onFamilyVisit?.(key)
  }

  function collectDescendants(): DescendantUnit {
    const newUnit = (memberId: string, generation: number): DescendantUnit => ({
      memberId,
      generation,
      partners: [],
      families: [],
      childrenWidth: 0,
      width: 0,
    })
    /** Partner → the block they sit in. */
    const hostOf = new Map<string, DescendantUnit>()
    const addPartner = (unit: DescendantUnit, memberId: string) => {
      if (placed.has(memberId)) return
      place1(memberId)
      unit.partners.push(memberId)
      hostOf.set(memberId, unit)
    }
    const root = newUnit(centreId, 0)
    const queue: [string, DescendantUnit][] = [[centreId, root]]
    const expanded = new Set<string>()
    for (let next = 0; next < queue.length; next += 1) {
      const [memberId, unit] = queue[next]!
      if (expanded.has(memberId)) continue
      expanded.add(memberId)
      for (const key of index.parentFamilies.get(memberId) ?? []) {
        if (visitedFamilies.has(key)) continue
        if (unit.generation >= maxDown) {
          hasMoreDescendants = true
          continue
        }
        visit(key)
        const family = index.families.get(key)!
        for (const parentId of family.parentIds) addPartner(unit, parentId)
        const children: DescendantUnit[] = []
        for (const childId of family.childIds) {
          lineages.push([key, childId])
          if (placed.has(childId)) {
            // Already beside a partner (two descendants who married): their own families count too.
            const host = hostOf.get(childId)
            if (host) queue.push([childId, host])
            continue
          }
          place1(childId)
          const child = newUnit(childId, unit.generation + 1)
          children.push(child)
          queue.push([childId, child])
        }
        unit.families.push({ key, children })
      }
      for (const spouseId of index.spouses.get(memberId) ?? []) addPartner(unit, spouseId)
    }
    return root
  }

  function collectAncestors(): AncestorSlot {
    const root: AncestorSlot = { memberId: centreId, generation: 0, width: W }
    const queue = [root]
    for (let next = 0; next < queue.length; next += 1) {
      const slot = queue[next]!
      // Birth parents first, then adoptive or foster ones beside them, each couple over its own line.
      const birthKey = index.birthFamily.get(slot.memberId)
      const keys = index.otherFamilies.get(slot.memberId) ?? (birthKey === undefined ? [] : [birthKey])
      if (keys.length === 0) continue
      if (slot.generation >= maxUp) {
        hasMoreAncestors = true
        continue
      }
      const slots: AncestorSlot[] = []
      for (const key of keys) {
        lineages.push([key, slot.memberId])
        if (visitedFamilies.has(key)) continue
        visit(key)
        for (const parentId of index.families.get(key)!.parentIds) {
          if (placed.has(parentId)) continue
          place1(parentId)
          slots.push({ memberId: parentId, generation: slot.generation + 1, width: W })
        }
      }
      if (slots.length === 0) continue
      slot.parents = { slots, width: 0 }
      queue.push(...slots)
    }
    return root
  }

  // Descendants first, so the centre's partners sit beside them rather than among the ancestors.
  const descendants = collectDescendants()
  const ancestors = collectAncestors()
  measureDescendants(descendants)
  measureAncestors(ancestors)

  const nodes: ChartNode[] = []
  const positions = new Map<string, ChartNode>()
  function place(memberId: string, x: number, generation: number, kind: NodeKind) {
    const node = { memberId, x, y: rowY(generation), generation, kind }
    nodes.push(node)
    positions.set(memberId, node)
  }

  /**
   * Places a person and their partners as one block with the person at `personX`: the first
   * partner on the right, the second on the left, and so on, so each couple stays side by side.
   */
  function placeDescendant(unit: DescendantUnit, personX: number, kind: NodeKind) {
    place(unit.memberId, personX, unit.generation, kind)
    let right = personX
    let left = personX
    unit.partners.forEach((partnerId, position) => {
      const step = W + coupleGap
      if (position % 2 === 0) place(partnerId, (right += step), unit.generation, 'partner')
      else place(partnerId, (left -= step), unit.generation, 'partner')
    })
    if (unit.families.length === 0) return
    // Children go left to right in the order of the couples they come from.
    const anchorX = (key: string) => {
      const parents = index.families.get(key)!.parentIds.map((id) => positions.get(id)?.x ?? personX)
      return parents.reduce((sum, x) => sum + x, 0) / parents.length
    }
    const ordered = unit.families.map((family) => ({ family, x: anchorX(family.key) })).sort((a, b) => a.x - b.x)
    let childLeft = (left + right) / 2 - unit.childrenWidth / 2
    for (const { family } of ordered) {
      for (const child of family.children) {
        placeDescendant(child, childLeft + child.width / 2 + personOffset(child), 'descendant')
        childLeft += child.width + siblingGap
      }
    }
  }

  function placeAncestors(slot: AncestorSlot, x: number) {
    if (slot.generation > 0) place(slot.memberId, x, -slot.generation, 'ancestor')
    if (!slot.parents) return
    const gap = ancestorGap(slot.parents)
    let left = x - slot.parents.width / 2
    for (const parent of slot.parents.slots) {
      placeAncestors(parent, left + parent.width / 2)
      left += parent.width + gap
    }
  }

  placeDescendant(descendants, 0, 'centre')
  placeAncestors(ancestors, 0)

  const links = [...coupleLinks(index, nodes, positions), ...parentLinks(index, lineages, positions)]
  return { centreId, nodes, links, bounds: boundsOf(nodes), hasMoreAncestors, hasMoreDescendants }
}

/** Thrown by `layoutFamilyChart` when more than `maxPeople` would be laid out. */
const overBudget = new Error('more people than the layout budget')

/** At most this many people are laid out and drawn at once, however many generations are asked for. */
export const chartPeopleBudget = 1500

/**
 * The chart with up to `generations` generations each way, or as many whole generations as keep it
 * within `maxPeople` (at least one). The work stops as soon as the budget is passed, so asking for
 * a generation too many costs about as much as the budget, never the whole tree.
 */
export function layoutWithin(index: FamilyIndex, centreId: string, generations: number, maxPeople = chartPeopleBudget): ChartLayout & { generations: number } {
  for (let shown = generations; ; shown -= 1) {
    const limit = shown > 1 ? maxPeople : Infinity
    try {
      return { ...layoutFamilyChart(index, centreId, { ancestorGenerations: shown, descendantGenerations: shown, maxPeople: limit }), generations: shown }
    } catch (error) {
      if (error !== overBudget) throw error
    }
  }
}

/** Widths of every block, children before parents. */
function measureDescendants(unit: DescendantUnit) {
  let childrenWidth = 0
  let count = 0
  for (const family of unit.families) {
    for (const child of family.children) {
      measureDescendants(child)
      childrenWidth += child.width
      count += 1
    }
  }
  unit.childrenWidth = childrenWidth + Math.max(0, count - 1) * siblingGap
  const baseWidth = (unit.partners.length + 1) * W + unit.partners.length * coupleGap
  unit.width = Math.max(baseWidth, unit.childrenWidth)
}

/** A couple with nothing above stands close; couples with their own parents above, further apart. */
const ancestorGap = (unit: AncestorUnit) => (unit.slots.some((slot) => slot.parents) ? siblingGap : coupleGap)

function measureAncestors(slot: AncestorSlot) {
  if (!slot.parents) return
  let width = 0
  for (const parent of slot.parents.slots) {
    measureAncestors(parent)
    width += parent.width
  }
  slot.parents.width = width + (slot.parents.slots.length - 1) * ancestorGap(slot.parents)
  slot.width = Math.max(W, slot.parents.width)
}

/** Where a block's person sits relative to the block's middle (partners alternate right, left). */
function personOffset(unit: DescendantUnit): number {
  const rightCount = Math.ceil(unit.partners.length / 2)
  const leftCount = Math.floor(unit.partners.length / 2)
  return ((leftCount - rightCount) * (W + coupleGap)) / 2
}
