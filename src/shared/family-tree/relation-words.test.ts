import { describe, expect, it } from 'vitest'
import { relationFromWord } from './relation-words.ts'

describe('relationFromWord', () => {
  it.each([
    ['madre', 'parent', 'female'],
    ['Mamá', 'parent', 'female'],
    ['padre', 'parent', 'male'],
    ['abuela', 'grandparent', 'female'],
    ['Abuelo paterno', 'grandparent', 'male'],
    ['hija', 'child', 'female'],
    ['hijo', 'child', 'male'],
    ['nieta', 'grandchild', 'female'],
    ['hermana', 'sibling', 'female'],
    ['esposo', 'spouse', 'male'],
    ['Esposa', 'spouse', 'female'],
    ['mi madre', 'parent', 'female'],
  ])('reads the Spanish %j', (word, relation, gender) => {
    expect(relationFromWord(word)).toEqual({ relation, gender })
  })

  it.each([
    ['mother', 'parent', 'female'],
    ['Dad', 'parent', 'male'],
    ['grandfather', 'grandparent', 'male'],
    ['Grandma', 'grandparent', 'female'],
    ['daughter', 'child', 'female'],
    ['son', 'child', 'male'],
    ['grandson', 'grandchild', 'male'],
    ['sister', 'sibling', 'female'],
    ['wife', 'spouse', 'female'],
    ['my husband', 'spouse', 'male'],
  ])('reads the English %j', (word, relation, gender) => {
    expect(relationFromWord(word)).toEqual({ relation, gender })
  })

  it.each([
    ['mère', 'parent', 'female'],
    ['Père', 'parent', 'male'],
    ['grand-mère', 'grandparent', 'female'],
    ['Grand-Père', 'grandparent', 'male'],
    ['grand mère', 'grandparent', 'female'],
    ['fille', 'child', 'female'],
    ['fils', 'child', 'male'],
    ['petite-fille', 'grandchild', 'female'],
    ['sœur', 'sibling', 'female'],
    ['soeur', 'sibling', 'female'],
    ['frère', 'sibling', 'male'],
    ['épouse', 'spouse', 'female'],
    ['ma mère', 'parent', 'female'],
    ['mon époux', 'spouse', 'male'],
  ])('reads the French %j', (word, relation, gender) => {
    expect(relationFromWord(word)).toEqual({ relation, gender })
  })

  it('reads words of either gender without one', () => {
    expect(relationFromWord('enfant')).toEqual({ relation: 'child' })
    expect(relationFromWord('Hijo/a')).toEqual({ relation: 'child' })
    expect(relationFromWord('cónyuge')).toEqual({ relation: 'spouse' })
    expect(relationFromWord('pareja')).toEqual({ relation: 'partner' })
    expect(relationFromWord('partner')).toEqual({ relation: 'partner' })
  })

  it.each(['prima', 'tía abuela', 'vecina', 'yo mismo', 'cousin', 'oncle', '', 'madrear', 'mi', 'madre de Juan'])('names no link for %j', (word) => {
    expect(relationFromWord(word)).toBeUndefined()
  })
})
