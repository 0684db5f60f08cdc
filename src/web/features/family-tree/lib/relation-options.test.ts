import { describe, expect, it } from 'vitest'
import { buildMember } from '../test/fake-family-api.ts'
import { relationOptions, searchRelationOptions, type RelationOption } from './relation-options.ts'

const names = (options: { name: string }[]) => options.map((option) => option.name)

describe('relationOptions', () => {
  const grandma = buildMember({ firstName: 'Abuela', lastName: 'A' })
  const mum = buildMember({ firstName: 'Mamá', lastName: 'B', parentMemberIds: [grandma.memberId] })
  const me = buildMember({ firstName: 'Yo', lastName: 'C', parentMemberIds: [mum.memberId] })
  const kid = buildMember({ firstName: 'Hijo', lastName: 'D', parentMemberIds: [me.memberId] })
  const friend = buildMember({ firstName: 'Amigo', lastName: 'E' })
  const members = [grandma, mum, me, kid, friend]

  it('leaves the edited member out, and offers no descendant as parent nor ancestor as child', () => {
    const options = relationOptions(members, me.memberId, { parentMemberIds: [mum.memberId], childrenMemberIds: [kid.memberId] })
    expect(names(options.parents)).toEqual(['Abuela A', 'Mamá B', 'Amigo E'])
    expect(names(options.children)).toEqual(['Hijo D', 'Amigo E'])
    expect(names(options.spouses)).toEqual(['Abuela A', 'Mamá B', 'Hijo D', 'Amigo E'])
  })

  it('follows the form’s choices rather than the stored links', () => {
    // Mum unticked as parent: she may now be chosen as a child (the server still checks cycles).
    const options = relationOptions(members, me.memberId, { parentMemberIds: [], childrenMemberIds: [] })
    expect(names(options.children)).toEqual(['Abuela A', 'Mamá B', 'Hijo D', 'Amigo E'])
  })

  it('works for a member not saved yet, and flags children who already have two parents', () => {
    const twoParents = buildMember({ firstName: 'Nieta', lastName: 'F', parentMemberIds: [kid.memberId, friend.memberId] })
    const options = relationOptions([...members, twoParents], undefined, { parentMemberIds: [kid.memberId], childrenMemberIds: [] })
    expect(names(options.parents)).toHaveLength(6)
    expect(names(options.children)).toEqual(['Amigo E', 'Nieta F'])
    expect(options.children.find((option) => option.name === 'Nieta F')?.hasTwoParents).toBe(true)
    expect(options.children.find((option) => option.name === 'Amigo E')?.hasTwoParents).toBe(false)
  })

  it('counts birth parents only: a child with two adoptive parents can still be given one by birth', () => {
    const adopted = buildMember({
      firstName: 'Ana',
      lastName: 'G',
      parentMemberIds: [kid.memberId, friend.memberId],
      parentLinks: [
        { parentId: kid.memberId, unionId: null, kind: 'adopted' },
        { parentId: friend.memberId, unionId: null, kind: 'adopted' },
      ],
    })
    const options = relationOptions([...members, adopted], undefined, { parentMemberIds: [], childrenMemberIds: [] })
    expect(options.children.find((option) => option.name === 'Ana G')?.hasTwoParents).toBe(false)
  })
})

describe('searchRelationOptions', () => {
  const people: RelationOption[] = ['José Núñez', 'Josefa Gil', 'Ana Núñez', 'Luis Peña', 'Ana Gil'].map((name, n) => ({ memberId: `m${n}`, name, label: name }))

  it('shows the first people up to the limit with nothing typed, and counts them all', () => {
    const search = searchRelationOptions(people, [], '  ', 2)
    expect(names(search.shown)).toEqual(['José Núñez', 'Josefa Gil'])
    expect(search.matches).toBe(5)
  })

  it('finds every word typed in any order, ignoring accents and case', () => {
    expect(names(searchRelationOptions(people, [], 'nunez').shown)).toEqual(['José Núñez', 'Ana Núñez'])
    expect(names(searchRelationOptions(people, [], 'GIL ana').shown)).toEqual(['Ana Gil'])
    expect(searchRelationOptions(people, [], 'Pérez')).toEqual({ shown: [], matches: 0 })
  })

  it('keeps those ticked first whatever is typed, and does not count them as matches', () => {
    const search = searchRelationOptions(people, ['m3'], 'jos', 1)
    expect(names(search.shown)).toEqual(['Luis Peña', 'José Núñez'])
    expect(search.matches).toBe(2)
  })

  it('with nothing typed, shows those ticked first, then the first others, and counts only the others', () => {
    const search = searchRelationOptions(people, ['m0', 'm3'], '', 2)
    expect(names(search.shown)).toEqual(['José Núñez', 'Luis Peña', 'Josefa Gil', 'Ana Núñez'])
    expect(search.matches).toBe(3)
  })
})
