import { describe, expect, it } from 'vitest'
import { asStoredDate, asStoredDateOrNull } from '../genealogy-date/index.ts'
import { chaptersOfLife, lifeStageAt } from './life-stages.ts'

const memory = (id: string, eventDate: string | null, savedAt = '2026-01-01T10:00:00.000Z') => ({ id, eventDate: asStoredDateOrNull(eventDate), savedAt })
const born1940 = asStoredDate('1940-03-02')
const outline = (chapters: ReturnType<typeof chaptersOfLife<ReturnType<typeof memory>>>) => chapters.map((chapter) => [chapter.id, chapter.memories.map((m) => m.id)])

describe('lifeStageAt', () => {
  it('names the stage of each age, from before birth to the later years', () => {
    expect([-1, 0, 12, 13, 24, 25, 49, 50, 69, 70, 101].map(lifeStageAt)).toEqual([
      'beforeBirth',
      'childhood',
      'childhood',
      'youth',
      'youth',
      'adulthood',
      'adulthood',
      'maturity',
      'maturity',
      'laterYears',
      'laterYears',
    ])
  })
})

describe('chaptersOfLife', () => {
  it('orders every form of date in life order and groups it by the stage of life it fell in', () => {
    const memories = [
      memory('wedding', '1965-06-12'),
      memory('school', 'ABT 1947'),
      memory('war', '(verano de 1936)'),
      memory('first-job', 'BET 1958 AND 1960'),
      memory('move', 'FROM 1970 TO 1975'),
      memory('retired', 'AFT 2010'),
      memory('grandchild', 'MAY 2012'),
      memory('dance', 'BEF 1958'),
      memory('born', '1940'),
      memory('house', 'EST 1990'),
    ]
    expect(outline(chaptersOfLife(memories, born1940))).toEqual([
      ['beforeBirth', ['war']],
      ['childhood', ['born', 'school']],
      ['youth', ['dance', 'first-job']],
      ['adulthood', ['wedding', 'move']],
      ['maturity', ['house']],
      ['laterYears', ['retired', 'grandchild']],
    ])
  })

  it('puts "before" a year just before it, and the year alone before its months and days', () => {
    const memories = [memory('day', '1960-05-17'), memory('month', 'MAY 1960'), memory('year', '1960'), memory('before', 'BEF 1960'), memory('after', 'AFT 1960')]
    expect(outline(chaptersOfLife(memories, born1940))).toEqual([['youth', ['before', 'year', 'month', 'day', 'after']]])
  })

  it('keeps memories of the same date in the order they were saved', () => {
    const memories = [memory('second', '1950', '2026-02-01T00:00:00.000Z'), memory('first', '1950', '2026-01-01T00:00:00.000Z')]
    expect(outline(chaptersOfLife(memories, born1940))).toEqual([['childhood', ['first', 'second']]])
  })

  it('puts undated memories, and dates with no year, last in the order they were saved', () => {
    const memories = [
      memory('late', null, '2026-03-01T00:00:00.000Z'),
      memory('dated', '1950'),
      memory('phrase', '(después de la guerra)', '2026-02-01T00:00:00.000Z'),
      memory('early', null, '2026-01-01T00:00:00.000Z'),
    ]
    expect(outline(chaptersOfLife(memories, born1940))).toEqual([
      ['childhood', ['dated']],
      ['undated', ['early', 'phrase', 'late']],
    ])
  })

  it('groups by decade when the birth date is not known', () => {
    const memories = [memory('b', '1968-01-01'), memory('a', 'ABT 1955'), memory('c', '1961'), memory('none', null)]
    const chapters = chaptersOfLife(memories, null)
    expect(outline(chapters)).toEqual([
      ['decade-1950', ['a']],
      ['decade-1960', ['c', 'b']],
      ['undated', ['none']],
    ])
    expect(chapters[0]).toMatchObject({ kind: 'decade', decade: 1950 })
  })

  it('reads a birth date of any form: a year, "about", a range', () => {
    const memories = [memory('ten', '1950'), memory('thirty', '1970')]
    for (const birth of ['1940', 'ABT 1940', 'BET 1940 AND 1942', '(invierno de 1940)']) {
      expect(outline(chaptersOfLife(memories, asStoredDate(birth)))).toEqual([
        ['childhood', ['ten']],
        ['adulthood', ['thirty']],
      ])
    }
  })

  it('falls back to decades when the birth date has no year', () => {
    expect(outline(chaptersOfLife([memory('a', '1950')], asStoredDate('(no se sabe)')))).toEqual([['decade-1950', ['a']]])
  })

  it('answers no chapter for no memories', () => {
    expect(chaptersOfLife([], born1940)).toEqual([])
  })
})
