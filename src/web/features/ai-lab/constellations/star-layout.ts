import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force'
import type { Star, StarLink } from '../../../../shared/contracts/constellations.ts'

/** The sky's own units: the SVG scales them to whatever width the screen has. */
export const skyWidth = 800
export const skyHeight = 600
const margin = 36

export interface PlacedStar {
  star: Star
  x: number
  y: number
  radius: number
}

/** A star's radius grows with the square root of its mentions, so its area tells how often it recurs. */
export const starRadius = (mentions: number) => Math.min(4 + 2.5 * Math.sqrt(mentions), 24)

interface Node extends SimulationNodeDatum {
  index: number
  radius: number
}

type Edge = SimulationLinkDatum<Node> & { weight: number }

/** Lets the browser paint and handle input between two slices of work. */
const nextFrame = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve())
    else setTimeout(resolve, 0)
  })

/**
 * Lays the stars out with d3-force, a slice of ticks per frame so that no task of the main thread
 * grows past `sliceMs` (a sky of 500 stars takes a few hundred ticks), then fits the result into
 * the sky. Stops early, answering null, when `signal` aborts (the data changed, the tab closed).
 */
export async function layOutStars(
  stars: readonly Star[],
  links: readonly StarLink[],
  { signal, sliceMs = 8 }: { signal?: AbortSignal; sliceMs?: number } = {},
): Promise<PlacedStar[] | null> {
  const index = new Map(stars.map((star, i) => [star.id, i]))
  const nodes: Node[] = stars.map((star, i) => ({ index: i, radius: starRadius(star.mentionKeys.length) }))
  const edges: Edge[] = links
    .filter((link) => index.has(link.source) && index.has(link.target))
    .map((link) => ({ source: index.get(link.source) ?? 0, target: index.get(link.target) ?? 0, weight: link.weight }))
  const strongest = Math.max(1, ...edges.map((edge) => edge.weight))
  const simulation = forceSimulation(nodes)
    .force(
      'link',
      forceLink<Node, Edge>(edges)
        .distance(60)
        .strength((edge) => 0.05 + 0.5 * (edge.weight / strongest)),
    )
    .force('charge', forceManyBody<Node>().strength(-60).distanceMax(320))
    .force(
      'collide',
      forceCollide<Node>((node) => node.radius + 3),
    )
    // A gentle pull to the middle keeps stars without lines from drifting off.
    .force('x', forceX<Node>(0).strength(0.03))
    .force('y', forceY<Node>(0).strength(0.045))
    .stop()
  const ticks = Math.ceil(Math.log(simulation.alphaMin()) / Math.log(1 - simulation.alphaDecay()))
  for (let done = 0; done < ticks;) {
    const start = performance.now()
    while (done < ticks && performance.now() - start < sliceMs) {
      simulation.tick()
      done += 1
    }
    if (done < ticks) await nextFrame()
    if (signal?.aborted) return null
  }
  return fit(nodes, stars)
}

/** Scales and centres the laid-out stars into the sky, keeping its proportions. */
function fit(nodes: readonly Node[], stars: readonly Star[]): PlacedStar[] {
  if (nodes.length === 0) return []
  const xs = nodes.map((node) => node.x ?? 0)
  const ys = nodes.map((node) => node.y ?? 0)
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const scale = Math.min((skyWidth - 2 * margin) / Math.max(maxX - minX, 1), (skyHeight - 2 * margin) / Math.max(maxY - minY, 1), 2)
  const offsetX = skyWidth / 2 - ((minX + maxX) / 2) * scale
  const offsetY = skyHeight / 2 - ((minY + maxY) / 2) * scale
  return nodes.map((node, i) => ({ star: stars[i]!, x: (node.x ?? 0) * scale + offsetX, y: (node.y ?? 0) * scale + offsetY, radius: node.radius }))
}
