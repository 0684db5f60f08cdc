import { chartMetrics, type Box, type ChartLink, type ChartNode } from './chart-model.ts'
import type { ChartView } from './use-chart-view.ts'

/**
 * Charts up to this many people are drawn whole, so every box is in the accessibility tree.
 * Larger ones (every generation of an imported tree) draw only what is near the viewport: the
 * browser's style and layout work, not the script, is what grows with the number of boxes.
 */
export const drawEverythingUpTo = 250

/** Layout pixels the window snaps to, so panning re-renders the people only now and then. */
const tile = 512

/** Assumed until the viewport has been measured. */
const defaultSize = { width: 1024, height: 640 }

/**
 * The part of the chart worth drawing: what the viewport shows plus half a viewport on every
 * side, widened to whole tiles. Equal windows give equal keys.
 */
export function visibleWindow(view: Pick<ChartView, 'dx' | 'dy' | 'k'>, size: { width: number; height: number }): Box & { key: string } {
  const width = (size.width || defaultSize.width) / view.k
  const height = (size.height || defaultSize.height) / view.k
  const centreX = -view.dx / view.k
  const centreY = -view.dy / view.k
  const minX = Math.floor((centreX - width) / tile) * tile
  const maxX = Math.ceil((centreX + width) / tile) * tile
  const minY = Math.floor((centreY - height) / tile) * tile
  const maxY = Math.ceil((centreY + height) / tile) * tile
  return { minX, minY, maxX, maxY, key: `${minX},${minY},${maxX},${maxY}` }
}

const overlaps = (a: Box, b: Box) => a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY

/** The people whose boxes touch `window`, plus those in `keep` (the tab stop, the centre). */
export function nodesInWindow(nodes: readonly ChartNode[], window: Box, keep: ReadonlySet<string>): ChartNode[] {
  const halfWidth = chartMetrics.nodeWidth / 2
  const halfHeight = chartMetrics.nodeHeight / 2
  return nodes.filter(
    (node) => keep.has(node.memberId) || overlaps(window, { minX: node.x - halfWidth, maxX: node.x + halfWidth, minY: node.y - halfHeight, maxY: node.y + halfHeight }),
  )
}

export function linksInWindow(links: readonly ChartLink[], window: Box): ChartLink[] {
  return links.filter((link) => overlaps(window, link.box))
}
