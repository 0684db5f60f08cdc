import type { Pacer } from '../../lib/cooperative.ts'

// Which new parent links of a batch to leave out so that no one becomes their own ancestor, in
// time linear in the tree: a forged file may hold one loop and a hundred thousand other links, and
// a search of the ancestors per link would then take hours.
//
// The links already stored make no loop (every write is checked), so every loop goes through a new
// link. Only links inside a strongly connected part of the graph (a set of people each of whom is
// the ancestor of every other) can close a loop; the rest are kept without a look. Inside such a
// part the people are ordered parents first, and when none is left without an unplaced parent the
// batch's latest link among the unplaced is left out: in a simple loop, the link that closed it.

/** A parent link, as the batch will write it; `order` is its place in the batch. */
export interface NewLink {
  childId: string
  parentId: string
  order: number
}

/** The batch orders of the new links to leave out, none when there is no loop. */
export async function linksClosingLoops(stored: Iterable<{ childId: string; parentId: string }>, fresh: readonly NewLink[], pacer: Pacer): Promise<Set<number>> {
  const edges: { parentId: string; childId: string; order: number | null }[] = []
  for (const { childId, parentId } of stored) edges.push({ parentId, childId, order: null })
  for (const link of fresh) edges.push({ parentId: link.parentId, childId: link.childId, order: link.order })
  const outOf = new Map<string, number[]>()
  edges.forEach((edge, at) => {
    const list = outOf.get(edge.parentId)
    if (list) list.push(at)
    else outOf.set(edge.parentId, [at])
  })
  const part = await stronglyConnected(outOf, edges, pacer)

  // A person named as their own parent is a loop of one.
  const left = new Set(fresh.filter((link) => link.childId === link.parentId).map((link) => link.order))
  // The edges inside each part of more than one person, and the part's people.
  const inside = new Map<number, number[]>()
  const people = new Map<number, Set<string>>()
  edges.forEach((edge, at) => {
    const p = part.get(edge.parentId)!
    if (edge.parentId === edge.childId || p !== part.get(edge.childId)) return
    const list = inside.get(p)
    if (list) list.push(at)
    else inside.set(p, [at])
    const names = people.get(p)
    if (names) names.add(edge.parentId).add(edge.childId)
    else people.set(p, new Set([edge.parentId, edge.childId]))
  })
  for (const [p, within] of inside) {
    const members = people.get(p)!
    const pending = new Map<string, number>([...members].map((id) => [id, 0]))
    const childrenOf = new Map<string, number[]>()
    for (const at of within) {
      const edge = edges[at]!
      pending.set(edge.childId, pending.get(edge.childId)! + 1)
      const list = childrenOf.get(edge.parentId)
      if (list) list.push(at)
      else childrenOf.set(edge.parentId, [at])
    }
    // New links inside the part, latest first: the candidates to leave out, each looked at once.
    const candidates = within.filter((at) => edges[at]!.order !== null).sort((a, b) => edges[b]!.order! - edges[a]!.order!)
    let next = 0
    const placed = new Set<string>()
    const dropped = new Set<number>()
    const ready = [...members].filter((id) => pending.get(id) === 0)
    const release = (childId: string) => {
      const count = pending.get(childId)! - 1
      pending.set(childId, count)
      if (count === 0) ready.push(childId)
    }
    while (placed.size < members.size) {
      const waiting = pacer.step()
      if (waiting) await waiting
      const id = ready.pop()
      if (id !== undefined) {
        placed.add(id)
        for (const at of childrenOf.get(id) ?? []) if (!dropped.has(at)) release(edges[at]!.childId)
        continue
      }
      // Everyone left waits for a parent who is also left: a loop. Leave out the latest new link
      // between two of them (one placed already counted it, so it can no longer be chosen).
      while (next < candidates.length && (placed.has(edges[candidates[next]!]!.parentId) || placed.has(edges[candidates[next]!]!.childId))) next += 1
      // Only stored links are left, which make no loop: a tree stored before that rule held.
      if (next === candidates.length) break
      const at = candidates[next++]!
      dropped.add(at)
      left.add(edges[at]!.order!)
      release(edges[at]!.childId)
    }
  }
  return left
}

/** Each person's strongly connected part (Tarjan's algorithm, without recursion). */
async function stronglyConnected(outOf: Map<string, number[]>, edges: readonly { childId: string }[], pacer: Pacer): Promise<Map<string, number>> {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const part = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  let counter = 0
  let parts = 0
  const nodes = new Set<string>(outOf.keys())
  for (const edge of edges) nodes.add(edge.childId)
  for (const root of nodes) {
    if (index.has(root)) continue
    // Each frame: a person and how many of their outgoing edges have been followed.
    const frames: [string, number][] = [[root, 0]]
    index.set(root, counter)
    low.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (frames.length > 0) {
      const waiting = pacer.step()
      if (waiting) await waiting
      const frame = frames[frames.length - 1]!
      const [id, followed] = frame
      const out = outOf.get(id) ?? []
      if (followed < out.length) {
        frame[1] += 1
        const next = edges[out[followed]!]!.childId
        if (!index.has(next)) {
          index.set(next, counter)
          low.set(next, counter++)
          stack.push(next)
          onStack.add(next)
          frames.push([next, 0])
        } else if (onStack.has(next)) low.set(id, Math.min(low.get(id)!, index.get(next)!))
        continue
      }
      frames.pop()
      const parent = frames[frames.length - 1]
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(id)!))
      if (low.get(id) === index.get(id)) {
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          part.set(member, parts)
        } while (member !== id)
        parts += 1
      }
    }
  }
  return part
}
