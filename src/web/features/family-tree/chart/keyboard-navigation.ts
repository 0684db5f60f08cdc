import type { ChartLayout, ChartNode } from './chart-model.ts'

export type Direction = 'up' | 'down' | 'left' | 'right'

export const arrowDirections: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
}

/** The chart's rows, top to bottom, each left to right. */
export function chartRows(layout: ChartLayout): ChartNode[][] {
  const rows = new Map<number, ChartNode[]>()
  for (const node of layout.nodes) {
    const row = rows.get(node.generation)
    if (row) row.push(node)
    else rows.set(node.generation, [node])
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row.sort((a, b) => a.x - b.x))
}

/**
 * The person an arrow key moves to: the next box in the row for left and right, the nearest box
 * in the row above or below for up and down; undefined at an edge.
 */
export function neighbourOf(rows: ChartNode[][], memberId: string, direction: Direction): string | undefined {
  const rowIndex = rows.findIndex((row) => row.some((node) => node.memberId === memberId))
  if (rowIndex < 0) return undefined
  const row = rows[rowIndex]!
  const position = row.findIndex((node) => node.memberId === memberId)
  const from = row[position]!
  if (direction === 'left') return row[position - 1]?.memberId
  if (direction === 'right') return row[position + 1]?.memberId
  const target = rows[rowIndex + (direction === 'up' ? -1 : 1)]
  if (!target) return undefined
  let nearest = target[0]!
  for (const node of target) if (Math.abs(node.x - from.x) < Math.abs(nearest.x - from.x)) nearest = node
  return nearest.memberId
}
