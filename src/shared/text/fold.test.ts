import { describe, expect, it } from 'vitest'
import { foldText, foldWords } from './fold.ts'

describe('foldText', () => {
  it('sets case and accents aside, in Spanish and French', () => {
    expect(foldText('Peña Ordóñez')).toBe('pena ordonez')
    expect(foldText('ÉLOÏSE Çà')).toBe('eloise ca')
  })

  it('folds spacing too when asked for words', () => {
    expect(foldWords('  Rosa   María\tLópez ')).toBe('rosa maria lopez')
  })
})
