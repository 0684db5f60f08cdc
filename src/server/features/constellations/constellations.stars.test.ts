import { describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { buildConstellation, spokenPlace, type ToldItem } from './constellations.stars.ts'

const member = (memberId: string, firstName: string, lastName: string, birthPlace = ''): Member =>
  ({ memberId, firstName, lastName, birthPlace, deathPlace: '', interviewSegments: [] }) as unknown as Member
const tree = (members: Member[]): FamilyTree => ({ members, unions: [] }) as unknown as FamilyTree
const told = (id: string, text: string, dates: string[] = []): ToldItem => ({
  mention: { key: `dream:${id}`, kind: 'dream', title: id, date: null, path: '/my-dreams' },
  text,
  dates,
  subjectMemberId: null,
})
const limits = { minMentions: 2, maxStars: 500, linksPerStar: 6, thisYear: 2026 }

describe('buildConstellation', () => {
  it('takes years from 1500 to this one, in words and in dates, not prices or the future', async () => {
    const sky = await buildConstellation(
      tree([]),
      [told('a', 'Costaba 1200 pesos en 1950; en 2090 seré viejo.'), told('b', 'Nada', ['ABT 1950']), told('c', '2090 y 1200 otra vez')],
      limits,
    )
    expect(sky.stars.map((star) => star.id)).toEqual(['year:1950'])
  })

  it('keeps the most frequent stars when there are more than the sky shows', async () => {
    const items = [told('a', '1901 1902 1903'), told('b', '1901 1902 1903'), told('c', '1901 1902')]
    const sky = await buildConstellation(tree([]), items, { ...limits, maxStars: 2 })
    expect(sky.stars.map((star) => [star.id, star.mentionKeys.length])).toEqual([
      ['year:1901', 3],
      ['year:1902', 3],
    ])
    expect(sky.links).toEqual([{ source: 'year:1901', target: 'year:1902', weight: 3 }])
    // Only what the shown stars are told in comes along.
    expect(sky.mentions.map((mention) => mention.key)).toEqual(['dream:a', 'dream:b', 'dream:c'])
  })

  it('keeps a line only among the strongest of one of its two stars', async () => {
    // Five couples of years told together three times each, and one text holding one of each couple.
    const couples = [
      ['1900', '1910'],
      ['1902', '1912'],
      ['1903', '1913'],
      ['1904', '1914'],
      ['1905', '1915'],
    ]
    const items = couples.flatMap(([a, b]) => [1, 2, 3].map((n) => told(`${a}-${n}`, `${a} y ${b}`)))
    items.push(told('all', couples.map(([a]) => a).join(', ')))
    const sky = await buildConstellation(tree([]), items, { ...limits, linksPerStar: 1 })
    expect(sky.links).toEqual(couples.map(([a, b]) => ({ source: `year:${a}`, target: `year:${b}`, weight: 3 })))
    expect((await buildConstellation(tree([]), items, limits)).links).toHaveLength(5 + 10)
  })

  it('names a place by the part people say, and a relative only where written with a capital', async () => {
    const rosa = member('m1', 'Rosa', 'Peña', 'La Peña, Cundinamarca')
    const sky = await buildConstellation(tree([rosa]), [told('a', 'Rosa vivía en La Peña.'), told('b', 'Un vestido rosa; LA PEÑA era lejos.'), told('c', 'Rosa Peña.')], limits)
    expect(sky.stars.map((star) => [star.id, star.label, star.mentionKeys.length])).toEqual([
      ['place:la pena', 'La Peña', 2],
      ['person:m1', 'Rosa Peña', 2],
    ])
    expect(spokenPlace('Pasto, Nariño, Colombia')).toBe('Pasto')
    expect(spokenPlace('?, Colombia')).toBeNull()
  })
})
