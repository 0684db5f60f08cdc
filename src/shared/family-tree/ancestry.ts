/** Parent links of a tree: member id → the ids of its parents. */
export type ParentMap = ReadonlyMap<string, readonly string[]>

/**
 * The ancestry loop through `memberId` if there is one: `[memberId, parent, grandparent, …,
 * memberId]`. Every change the member form makes touches `memberId`, so in a tree that had no loop
 * before, any new loop passes through it. Each member is visited at most once.
 */
export function findAncestryCycle(parents: ParentMap, memberId: string): string[] | null {
  /** For each ancestor reached, the member it was reached from (one step down the line). */
  const reachedFrom = new Map<string, string>()
  const stack = (parents.get(memberId) ?? []).map((parent) => ({ id: parent, child: memberId }))
  while (stack.length > 0) {
    const { id, child } = stack.pop()!
    if (id === memberId) {
      const line = [memberId]
      for (let step = child; step !== memberId; step = reachedFrom.get(step)!) line.push(step)
      line.push(memberId)
      return line.reverse()
    }
    if (reachedFrom.has(id)) continue
    reachedFrom.set(id, child)
    for (const parent of parents.get(id) ?? []) stack.push({ id: parent, child: id })
  }
  return null
}

/** Every ancestor of `memberId` (not itself), for forms that must not offer them as children. */
export function ancestorsOf(parents: ParentMap, memberId: string): Set<string> {
  const seen = new Set<string>()
  const stack = [...(parents.get(memberId) ?? [])]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    stack.push(...(parents.get(id) ?? []))
  }
  return seen
}

/** Every descendant of `memberId` (not itself), for forms that must not offer them as parents. */
export function descendantsOf(parents: ParentMap, memberId: string): Set<string> {
  const children = new Map<string, string[]>()
  for (const [child, ps] of parents) for (const p of ps) children.set(p, [...(children.get(p) ?? []), child])
  const seen = new Set<string>()
  const stack = [...(children.get(memberId) ?? [])]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    stack.push(...(children.get(id) ?? []))
  }
  return seen
}
