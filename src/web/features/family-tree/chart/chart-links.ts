import type { Union } from '../../../../shared/contracts/family-tree.ts'
import { childKind, type FamilyIndex } from './family-index.ts'
import { chartMetrics, type Box, type ChartLink, type ChartNode } from './chart-model.ts'

const { nodeWidth: W, nodeHeight: H, rowGap } = chartMetrics

/** Elbow lines from the middle under each pair of parents to the top of each child (`lineages`: [family key, child id] pairs the layout met). */
export function parentLinks(index: FamilyIndex, lineages: [string, string][], positions: Map<string, ChartNode>): ChartLink[] {
  const links: ChartLink[] = []
  const drawn = new Set<string>()
  for (const [key, childId] of lineages) {
    const child = positions.get(childId)
    const parents = index.families.get(key)!.parentIds.flatMap((id) => positions.get(id) ?? [])
    const linkKey = `${key}>${childId}`
    if (!child || parents.length === 0 || drawn.has(linkKey)) continue
    drawn.add(linkKey)
    const ax = parents.reduce((sum, parent) => sum + parent.x, 0) / parents.length
    const ay = Math.max(...parents.map((parent) => parent.y)) + H / 2
    const top = child.y - H / 2
    const busY = top - rowGap / 2
    const d = ay <= busY ? `M${ax} ${ay}V${busY}H${child.x}V${top}` : `M${ax} ${ay}L${child.x} ${top}`
    const box = { minX: Math.min(ax, child.x), minY: Math.min(ay, top), maxX: Math.max(ax, child.x), maxY: Math.max(ay, top) }
    links.push({ key: linkKey, kind: 'parent', d, box, ...(childKind(index, key, childId) === 'birth' ? {} : { notByBirth: true }) })
  }
  return links
}

/** The key of the line between two partners, whichever way round they come. */
export const coupleKey = (a: string, b: string) => (a < b ? `${a}=${b}` : `${b}=${a}`)

/** The couples whose union has a divorce (a date or a place), by `coupleKey`. */
export function divorcedCouples(unions: readonly Pick<Union, 'firstPartnerId' | 'secondPartnerId' | 'divorceDate' | 'divorcePlace'>[]): Set<string> {
  const keys = new Set<string>()
  for (const union of unions) {
    if (union.firstPartnerId && union.secondPartnerId && (union.divorceDate || union.divorcePlace)) keys.add(coupleKey(union.firstPartnerId, union.secondPartnerId))
  }
  return keys
}

/** The couples who married (whether or not the wedding's date or place is known), by `coupleKey`. */
export function marriedCouples(unions: readonly Pick<Union, 'firstPartnerId' | 'secondPartnerId' | 'isMarried'>[]): Set<string> {
  const keys = new Set<string>()
  for (const union of unions) if (union.firstPartnerId && union.secondPartnerId && union.isMarried) keys.add(coupleKey(union.firstPartnerId, union.secondPartnerId))
  return keys
}

/** Two short strokes across the middle of a couple's line: how family charts mark a divorce. */
export function divorceMark(link: ChartLink): string {
  const x = (link.box.minX + link.box.maxX) / 2
  const y = link.box.minY
  return `M${x - 7} ${y + 7}L${x - 1} ${y - 7}M${x + 1} ${y + 7}L${x + 7} ${y - 7}`
}

/** A line between partners in the same row: spouses, and the two parents of a family. */
export function coupleLinks(index: FamilyIndex, nodes: ChartNode[], positions: Map<string, ChartNode>): ChartLink[] {
  const links: ChartLink[] = []
  const drawn = new Set<string>()
  function join(a: ChartNode, b: ChartNode) {
    const key = coupleKey(a.memberId, b.memberId)
    if (a.y !== b.y || drawn.has(key)) return
    drawn.add(key)
    const [left, right] = a.x < b.x ? [a, b] : [b, a]
    const box = { minX: left.x + W / 2, minY: left.y, maxX: right.x - W / 2, maxY: left.y }
    links.push({ key, kind: 'couple', d: `M${box.minX} ${box.minY}H${box.maxX}`, box })
  }
  for (const node of nodes) {
    for (const spouseId of index.spouses.get(node.memberId) ?? []) {
      const spouse = positions.get(spouseId)
      if (spouse) join(node, spouse)
    }
    for (const key of index.parentFamilies.get(node.memberId) ?? []) {
      for (const parentId of index.families.get(key)!.parentIds) {
        const other = positions.get(parentId)
        if (other && other !== node) join(node, other)
      }
    }
  }
  return links
}

export function boundsOf(nodes: ChartNode[]): Box {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const { x, y } of nodes) {
    minX = Math.min(minX, x - W / 2)
    maxX = Math.max(maxX, x + W / 2)
    minY = Math.min(minY, y - H / 2)
    maxY = Math.max(maxY, y + H / 2)
  }
  return { minX, minY, maxX, maxY }
}
