import { describe, expect, it } from 'vitest'
import type { TreeIndex } from '../../../../shared/contracts/family-tree-view.ts'
import { columnsOf, entriesBetween, peopleIn, transferablesOf } from './index-columns.ts'

const index: TreeIndex = {
  tree: { ownerId: 'u1', treeName: 'Familia', createdAt: '2026-01-01T00:00:00.000Z', lastModified: '2026-01-02T00:00:00.000Z' },
  version: 'v1',
  people: [
    ['a1', 'Álvaro', 'Ábalos', 1901, 1980, 2],
    ['b2', '', '', null, null, 0],
    ['c3', 'Zoë 👵', 'Núñez-Ortiz', -44, null, 5],
    ['d4', 'Ana', 'Ñandú', 0, 2020, 1],
  ],
}

describe('the index as columns', () => {
  it('gives back every person as the server wrote them, read in one slice or several', () => {
    const columns = columnsOf(index)
    expect(peopleIn(columns)).toBe(4)
    expect(entriesBetween(columns, 0, 4)).toEqual(index.people)
    expect([...entriesBetween(columns, 0, 1), ...entriesBetween(columns, 1, 3), ...entriesBetween(columns, 3, 4)]).toEqual(index.people)
    expect([columns.tree, columns.version]).toEqual([index.tree, index.version])
  })

  it('moves its arrays rather than copying them', () => {
    const columns = columnsOf(index)
    const channel = new MessageChannel()
    const moved = transferablesOf(columns)
    expect(moved).toHaveLength(4)
    channel.port1.postMessage(columns, moved)
    expect(columns.ends.length).toBe(0)
    channel.port1.close()
  })

  it('holds an empty index', () => {
    const columns = columnsOf({ ...index, people: [] })
    expect(entriesBetween(columns, 0, 0)).toEqual([])
  })
})
