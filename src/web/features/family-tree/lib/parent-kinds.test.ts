import { describe, expect, it } from 'vitest'
import { kindChoices, kindForNewParent } from './parent-kinds.ts'

describe('the kinds the member form offers for a parent', () => {
  it('offers birth, adoption, step-parent, fostering and another link, and a sealing only where one is stored', () => {
    expect(kindChoices('birth')).toEqual(['birth', 'adopted', 'step', 'foster', 'other'])
    expect(kindChoices('sealing')).toEqual(['birth', 'adopted', 'step', 'foster', 'other', 'sealing'])
  })

  it('gives a new parent the first kind with room, counting a parent of no stated kind as one by birth', () => {
    expect(kindForNewParent([], {})).toBe('birth')
    expect(kindForNewParent(['a'], {})).toBe('birth')
    expect(kindForNewParent(['a', 'b'], {})).toBe('adopted')
    expect(kindForNewParent(['a', 'b'], { b: 'foster' })).toBe('birth')
    expect(kindForNewParent(['a', 'b', 'c', 'd'], { c: 'adopted', d: 'adopted' })).toBe('step')
    // Two step-parents beside two birth parents leave room for a third kind, never block the birth ones.
    expect(kindForNewParent(['c', 'd'], { c: 'step', d: 'step' })).toBe('birth')
  })
})
