import { describe, expect, it } from 'vitest'
import { buildChapter, memoryBlock } from '../test/fake-book-api.ts'
import { draftRequestOf, initialChoices, keptChapters, movedChapter, orderedChapters, subjectOf, toggled, withSubject } from './book-options.ts'

const chapters = [buildChapter('a', 'Infancia'), buildChapter('b', 'Juventud'), buildChapter('c', 'Madurez')]
const keys = (list: { key: string }[]) => list.map((chapter) => chapter.key)

describe('the book’s choices', () => {
  it('start as one’s own book in the page’s language with the contract’s defaults, or as the relative asked for', () => {
    const own = initialChoices('fr')
    expect(own).toMatchObject({ kind: 'person', memberId: undefined, language: 'fr', format: '6x9', bleed: false, order: 'life-stage', linkExpiry: 'never' })
    expect(own.include).toEqual({ memories: true, interviews: true, photos: true })
    expect(subjectOf(own)).toBe('own')
    expect(subjectOf(initialChoices('es', 'm-1'))).toBe('relative')
  })

  it('start afresh what belonged to the chapters of another subject, and keep how it is printed', () => {
    const chosen = { ...initialChoices('es'), format: 'a5' as const, bleed: true, excluded: ['x'], manualOrder: ['b', 'a'], retold: ['a'], dedication: 'Para Lucía' }
    const family = withSubject(chosen, 'family', 'm-1')
    expect(family).toMatchObject({ kind: 'family', memberId: undefined, format: 'a5', bleed: true, excluded: [], manualOrder: [], retold: [], dedication: 'Para Lucía' })
    expect(withSubject(family, 'relative', 'm-2')).toMatchObject({ kind: 'person', memberId: 'm-2' })
    expect(withSubject(family, 'own', 'm-2').memberId).toBeUndefined()
  })

  it('ask the draft without what was left out nor the dedication, so both change nothing but the preview', () => {
    const chosen = { ...initialChoices('es'), excluded: ['x'], dedication: 'Para Lucía', retold: ['a'] }
    expect(draftRequestOf(chosen)).toEqual({ ...chosen, excluded: [], dedication: '' })
  })

  it('toggle an id in and out of a list', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b'])
    expect(toggled(['a', 'b'], 'a')).toEqual(['b'])
  })
})

describe('the manual order', () => {
  it('places the chapters moved by hand first and the rest as the draft gave them, ignoring keys that are gone', () => {
    expect(keys(orderedChapters(chapters, { order: 'manual', manualOrder: ['c', 'gone'] }))).toEqual(['c', 'a', 'b'])
    expect(keys(orderedChapters(chapters, { order: 'date', manualOrder: ['c'] }))).toEqual(['a', 'b', 'c'])
  })

  it('moves a chapter one place up or down, writing every key, and leaves the ends as they are', () => {
    expect(movedChapter(chapters, 'b', -1)).toEqual(['b', 'a', 'c'])
    expect(movedChapter(chapters, 'b', 1)).toEqual(['a', 'c', 'b'])
    expect(movedChapter(chapters, 'a', -1)).toEqual(['a', 'b', 'c'])
    expect(movedChapter(chapters, 'c', 1)).toEqual(['a', 'b', 'c'])
  })
})

describe('what will be printed', () => {
  it('takes out what was left out and drops the chapters left empty', () => {
    const told = [buildChapter('a', 'Infancia', [memoryBlock('m1', 'La escuela'), memoryBlock('m2', 'El río')]), buildChapter('b', 'Juventud', [memoryBlock('m3', 'El baile')])]
    const kept = keptChapters(told, ['m2', 'm3'])
    expect(keys(kept)).toEqual(['a'])
    expect(kept[0]!.blocks.map((block) => block.id)).toEqual(['m1'])
  })
})
