import { describe, expect, it } from 'vitest'
import { createPacer } from '../../lib/cooperative.ts'
import { indexLinks } from './family-tree.mapping.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import type { MemberRow, ParentLinkRow, UnionRow } from './family-tree.tables.ts'

/** A snapshot with only what the relation lists are built from: ids, birth years, unions and links. */
function snapshot(
  members: [id: string, birth: number | null][],
  unions: [id: string, first: string, second: string | null, position: number][],
  links: ParentLinkRow[],
): TreeSnapshot {
  return {
    tree: undefined,
    members: members.map(([id, birth]) => ({ id, birthDateSort: birth }) as MemberRow),
    unions: unions.map(([id, firstPartnerId, secondPartnerId, position]) => ({ id, firstPartnerId, secondPartnerId, position, marriageDateSort: null }) as UnionRow),
    parentLinks: links,
  }
}

const birthLinks = (child: string, parents: string[], unionId: string | null, childPosition: number | null = null): ParentLinkRow[] =>
  parents.map((parentId) => ({ childId: child, parentId, unionId, kind: 'birth', childPosition }))

describe('indexLinks', () => {
  it('orders a union’s children as the source placed them, then the unplaced by birth, and a parent’s children union by union', async () => {
    const tree = snapshot(
      [
        ['padre', 1900],
        ['madre', 1902],
        ['segunda', 1910],
        ['a', 1930],
        ['b', 1925],
        ['c', 1920],
        ['d', null],
        ['e', 1940],
        ['f', 1935],
      ],
      [
        ['primera', 'padre', 'madre', 0],
        ['luego', 'padre', 'segunda', 1],
      ],
      [
        ...birthLinks('a', ['padre', 'madre'], 'primera', 0),
        ...birthLinks('d', ['padre', 'madre'], 'primera'),
        ...birthLinks('b', ['padre', 'madre'], 'primera'),
        ...birthLinks('c', ['padre', 'madre'], 'primera', 1),
        ...birthLinks('e', ['padre', 'segunda'], 'luego'),
        ...birthLinks('f', ['padre'], null),
      ],
    )
    const index = await indexLinks(tree)
    // Placed first (a at 0, c at 1), then by birth (b 1925), the unknown birth last (d).
    expect(index.unionChildren.get('primera')?.map((child) => child.childId)).toEqual(['a', 'c', 'b', 'd'])
    // The first union's children, then the second's, then the child of no union.
    expect(index.childrenOf.get('padre')).toEqual(['a', 'c', 'b', 'd', 'e', 'f'])
    expect(index.childrenOf.get('madre')).toEqual(['a', 'c', 'b', 'd'])
    expect(index.unionsOf.get('padre')).toEqual(['primera', 'luego'])
    expect(index.spousesOf.get('padre')).toEqual(['madre', 'segunda'])
  })

  it('orders a union of thousands of children and lets the event loop run meanwhile', async () => {
    const size = 20_000
    const members: [string, number | null][] = [
      ['padre', 1800],
      ['madre', 1800],
    ]
    const links: ParentLinkRow[] = []
    const readAt = new Map<number, number>()
    for (let i = 0; i < size; i += 1) {
      // Shuffled: every third child was placed by the source, the others are ordered by birth.
      const at = (i * 7919) % size
      readAt.set(at, i)
      members.push([`c${at}`, 1900 + (at % 97)])
      links.push(...birthLinks(`c${at}`, ['padre', 'madre'], 'u', at % 3 === 0 ? at : null))
    }
    const tree = snapshot(members, [['u', 'padre', 'madre', 0]], links)
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 1)
    const index = await indexLinks(tree, createPacer(2))
    clearInterval(timer)
    const ids = Array.from({ length: size }, (_, at) => at)
    const placed = ids.filter((at) => at % 3 === 0)
    // Children born the same year stay in the order they were read.
    const unplaced = ids.filter((at) => at % 3 !== 0).sort((a, b) => (a % 97) - (b % 97) || readAt.get(a)! - readAt.get(b)!)
    const expected = [...placed, ...unplaced].map((at) => `c${at}`)
    expect(index.unionChildren.get('u')?.map((child) => child.childId)).toEqual(expected)
    expect(index.childrenOf.get('madre')).toEqual(expected)
    expect(ticks).toBeGreaterThan(0)
  })
})
