import { describe, expect, it } from 'vitest'
import type { TreeIndex } from '../../../../shared/contracts/family-tree-view.ts'
import { buildMember } from '../test/fake-family-api.ts'
import { indexEntryOf, withChanges } from './tree-index.ts'
import { carryEntryMap, entryMapOf, TreePeople } from './tree-people.ts'

// After a save the tree page names everyone from the index the save changed, looking people up in
// a map carried over from the index before rather than made again from every entry.

const people = ['Aurora Peña', 'Julián Peña', 'Rosa Díaz', 'Tomás Gil'].map((name, at) => {
  const [firstName, lastName] = name.split(' ') as [string, string]
  return buildMember({ memberId: `m${at}`, firstName, lastName })
})
const index: TreeIndex = { tree: null, version: 'v1', people: people.map(indexEntryOf) }

describe('the index’s lookup after a save', () => {
  it('names the renamed, the added and nobody removed, as a lookup made from scratch would', () => {
    entryMapOf(index.people)
    const renamed = { ...people[1]!, firstName: 'Julio' }
    const added = buildMember({ memberId: 'm9', firstName: 'Inés', lastName: 'Peña' })
    const changes = { tree: null, members: [renamed, added], unions: [], removedMemberIds: ['m2'], removedUnionIds: [] }
    const after = withChanges(index, changes)
    carryEntryMap(index.people, after.people, changes)
    const carried = new TreePeople(new Map(), after.people)
    expect(carried.get('m1')?.firstName).toBe('Julio')
    expect(carried.get('m9')?.firstName).toBe('Inés')
    expect(carried.get('m2')).toBeUndefined()
    for (const entry of after.people) expect(entryMapOf(after.people).get(entry[0])).toBe(entry)
    // A second save carries the first's people over.
    const again = { ...changes, members: [{ ...renamed, lastName: 'Mora' }], removedMemberIds: ['m0'] }
    const third = withChanges(after, again)
    carryEntryMap(after.people, third.people, again)
    const lookup = entryMapOf(third.people)
    expect(lookup.get('m1')?.[2]).toBe('Mora')
    expect([lookup.get('m0'), lookup.get('m2'), lookup.get('m9')?.[1]]).toEqual([undefined, undefined, 'Inés'])
    for (const entry of third.people) expect(lookup.get(entry[0])).toBe(entry)
    // Everyone not changed is the same stand-in as before the save.
    const before = new TreePeople(new Map(), index.people)
    expect(carried.everyone().find((member) => member.memberId === 'm3')).toBe(before.everyone().find((member) => member.memberId === 'm3'))
  })
})
