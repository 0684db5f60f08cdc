import { describe, expect, it } from 'vitest'
import { kinGenderIn } from './kin-gender.ts'

describe('the gender of a relative heard by a word of kinship', () => {
  it('reads it in any of the languages an answer is told in', () => {
    expect(kinGenderIn('Su hija Marta nació en Ipiales', 'child')).toBe('female')
    expect(kinGenderIn('her son John', 'child')).toBe('male')
    expect(kinGenderIn('sa sœur Jeanne', 'sibling')).toBe('female')
    expect(kinGenderIn('Su mamá se llamaba Rosa', 'parent')).toBe('female')
    expect(kinGenderIn('su ESPOSO Luis', 'spouse')).toBe('male')
  })

  it('says nothing when the words say neither, or both', () => {
    expect(kinGenderIn('Marta', 'child')).toBe('unknown')
    expect(kinGenderIn('sus hijos Marta y Juan, su hija Marta y su hijo Juan', 'child')).toBe('unknown')
    // A word of another kind does not count: «hermana» says nothing of a child.
    expect(kinGenderIn('su hermana Marta', 'child')).toBe('unknown')
  })
})
