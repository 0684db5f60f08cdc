import { describe, expect, it } from 'vitest'
import { createPacer } from '../../lib/cooperative.ts'
import { linksClosingLoops, type NewLink } from './family-tree.loops.ts'

const link = (childId: string, parentId: string, order: number): NewLink => ({ childId, parentId, order })

/** Whether the links make someone their own ancestor. */
function hasLoop(links: { childId: string; parentId: string }[]): boolean {
  const parentsOf = new Map<string, string[]>()
  for (const { childId, parentId } of links) parentsOf.set(childId, [...(parentsOf.get(childId) ?? []), parentId])
  const state = new Map<string, 'open' | 'done'>()
  const visit = (id: string): boolean => {
    if (state.get(id) === 'done') return false
    if (state.get(id) === 'open') return true
    state.set(id, 'open')
    const found = (parentsOf.get(id) ?? []).some(visit)
    state.set(id, 'done')
    return found
  }
  return [...parentsOf.keys()].some(visit)
}

describe('the links that would make someone their own ancestor', () => {
  it('are none in a tree without loops', async () => {
    const stored = [{ childId: 'hija', parentId: 'madre' }]
    const fresh = [link('madre', 'abuela', 0), link('nieta', 'hija', 1)]
    expect(await linksClosingLoops(stored, fresh, createPacer())).toEqual(new Set())
  })

  it('is the link that closes a loop, not the ones before it', async () => {
    const fresh = [link('b', 'a', 0), link('c', 'b', 1), link('x', 'c', 2), link('a', 'c', 3), link('d', 'a', 4)]
    expect(await linksClosingLoops([], fresh, createPacer())).toEqual(new Set([3]))
  })

  it('is the new link when it would close a loop through stored links', async () => {
    const stored = [
      { childId: 'yo', parentId: 'mamá' },
      { childId: 'mamá', parentId: 'abuela' },
    ]
    expect(await linksClosingLoops(stored, [link('abuela', 'yo', 0)], createPacer())).toEqual(new Set([0]))
  })

  it('is a person named as their own parent', async () => {
    expect(await linksClosingLoops([], [link('a', 'a', 0), link('b', 'a', 1)], createPacer())).toEqual(new Set([0]))
  })

  it('leaves no loop in a forged file of long and tangled loops, and keeps most links', { timeout: 30_000 }, async () => {
    // A line of 50,000 generations closed into a ring, with a second ring through every tenth person.
    const size = 50_000
    const fresh: NewLink[] = []
    for (let i = 0; i < size; i += 1) fresh.push(link(`p${(i + 1) % size}`, `p${i}`, fresh.length))
    for (let i = 0; i < size; i += 10) fresh.push(link(`p${i}`, `p${(i + 10) % size}`, fresh.length))
    const left = await linksClosingLoops([], fresh, createPacer())
    const kept = fresh.filter((candidate) => !left.has(candidate.order))
    expect(hasLoop(kept)).toBe(false)
    expect(left.size).toBeLessThan(fresh.length / 5)
  })
})
