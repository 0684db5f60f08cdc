export type Direction = 'left' | 'right' | 'up' | 'down'

export const arrowDirections: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' }

interface Point {
  x: number
  y: number
}

/**
 * The star the arrow key leads to: the nearest one lying in that direction (within 60° either
 * side of it), a star straight ahead preferred over a nearer one off to the side. Undefined at the
 * edge of the sky.
 */
export function nearestInDirection<T extends Point>(from: T, others: readonly T[], direction: Direction): T | undefined {
  let best: T | undefined
  let bestScore = Infinity
  for (const other of others) {
    if (other === from) continue
    const dx = other.x - from.x
    const dy = other.y - from.y
    const ahead = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy
    const aside = Math.abs(direction === 'left' || direction === 'right' ? dy : dx)
    if (ahead <= 0 || aside > ahead * Math.tan(Math.PI / 3)) continue
    const score = ahead + 2 * aside
    if (score < bestScore) {
      bestScore = score
      best = other
    }
  }
  return best
}
