import { describe, expect, it } from 'vitest'
import { firstNameCounts, nameTerms, namesIn } from './mentions.ts'

const aurora = { firstName: 'Aurora', lastName: 'Ordóñez' }
const rosaPena = { firstName: 'Rosa', lastName: 'Peña' }
const rosaLopez = { firstName: 'Rosa', lastName: 'López' }

describe('namesIn', () => {
  const counts = firstNameCounts([aurora, rosaPena, rosaLopez])

  it('finds a full name whatever its case and accents', () => {
    expect(namesIn(aurora, counts)('Un domingo con AURORA ORDONEZ en la plaza.')).toBe(true)
    expect(namesIn(rosaPena, counts)('Rosa Pena nos cantaba.')).toBe(true)
  })

  it('finds a first name nobody else in the tree bears, as a whole word only', () => {
    expect(namesIn(aurora, counts)('Aurora cosía de noche.')).toBe(true)
    expect(namesIn(aurora, counts)('Vimos una aurora boreal.')).toBe(true)
    expect(namesIn(aurora, counts)('Auroras del sur.')).toBe(false)
  })

  it('does not take a first name two relatives share for either of them', () => {
    expect(namesIn(rosaPena, counts)('Rosa llegó tarde.')).toBe(false)
    expect(namesIn(rosaLopez, counts)('Rosa llegó tarde.')).toBe(false)
    expect(nameTerms(rosaLopez, counts)).toEqual(['rosa lopez'])
  })

  it('does not let a first name of two letters stand for a person', () => {
    const ana = { firstName: 'Al', lastName: 'Ruiz' }
    expect(nameTerms(ana, firstNameCounts([ana]))).toEqual(['al ruiz'])
  })
})
