import { describe, expect, it } from 'vitest'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { languages } from '../../../../shared/limits.ts'
import { acquaintanceOf, type RelativeLife, type StorytellerFacts } from './acquaintance.ts'
import { anaAbout, type RelativeFacts } from './ana.ts'

const date = (stored: string | null) => (stored === null ? null : asStoredDate(stored))
const life = (birth: string | null, death: string | null, isDeceased = death !== null): RelativeLife => ({ birthDate: date(birth), deathDate: date(death), isDeceased })
const teller = (birth: string | null, generationsAbove: number | null = null, isCloseFamily = false): StorytellerFacts => ({
  birthDate: date(birth),
  generationsAbove,
  isCloseFamily,
})

describe('whether the tree says the storyteller can have known a relative', () => {
  it('a relative who surely died before the storyteller was born was never met, exact or approximate', () => {
    expect(acquaintanceOf(life('1880-03-02', '1931-07-14'), teller('1948-05-17'))).toBe('neverMet')
    expect(acquaintanceOf(life(null, 'ABT 1920'), teller('1948'))).toBe('neverMet')
    expect(acquaintanceOf(life(null, 'BEF 1940'), teller('ABT 1955'))).toBe('neverMet')
    expect(acquaintanceOf(life(null, 'BET 1925 AND 1930'), teller('1948-05-17'))).toBe('neverMet')
    expect(acquaintanceOf(life(null, '(murió en la guerra de 1936)'), teller('1960'))).toBe('neverMet')
    // A father lost before his child's birth: close family, and never met all the same.
    expect(acquaintanceOf(life('1920', '1947-11'), teller('1948-05-17', 1, true))).toBe('neverMet')
  })

  it('asks rather than guess when the dates may overlap or say nothing', () => {
    // «hacia 1945» may be 1950: not surely before a birth in 1948.
    expect(acquaintanceOf(life(null, 'ABT 1945'), teller('1948'))).toBeUndefined()
    expect(acquaintanceOf(life(null, '1948-09'), teller('1948-05-17'))).toBeUndefined()
    expect(acquaintanceOf(life(null, 'AFT 1930'), teller('1948'))).toBeUndefined()
    expect(acquaintanceOf(life(null, '1931'), teller('ABT 1935'))).toBeUndefined()
    expect(acquaintanceOf(life(null, '(poco después de la guerra)'), teller('1948'))).toBeUndefined()
    expect(acquaintanceOf(life(null, '1931'), teller(null))).toBeUndefined()
    expect(acquaintanceOf(life(null, null, true), teller('1948'))).toBeUndefined()
    expect(acquaintanceOf(life('1880', '1931'), undefined)).toBeUndefined()
  })

  it('someone born a century or more before the storyteller was never met, death date or none', () => {
    expect(acquaintanceOf(life('1840', null, false), teller('1948'))).toBe('neverMet')
    expect(acquaintanceOf(life('ABT 1830', null), teller('1948'))).toBe('neverMet')
    expect(acquaintanceOf(life('ABT 1850', null), teller('1948'))).toBeUndefined()
  })

  it('a great-grandparent or further who has died was never met, unless the dates say they lived past the storyteller’s birth', () => {
    expect(acquaintanceOf(life(null, null, true), teller(null, 3))).toBe('neverMet')
    expect(acquaintanceOf(life('1890', null, true), teller('1948', 5))).toBe('neverMet')
    expect(acquaintanceOf(life('1890', '1960'), teller('1948', 3))).toBeUndefined()
    expect(acquaintanceOf(life('1890', 'ABT 1950'), teller('1948', 3))).toBe('neverMet')
    // The tree says they live: the storyteller is asked.
    expect(acquaintanceOf(life(null, null, false), teller(null, 3))).toBeUndefined()
    expect(acquaintanceOf(life(null, null, true), teller(null, 2))).toBeUndefined()
  })

  it('a parent, child or partner was met, when nothing says otherwise', () => {
    expect(acquaintanceOf(life('1920', '2004'), teller('1948', 1, true))).toBe('met')
    expect(acquaintanceOf(life(null, null, false), teller(null, null, true))).toBe('met')
  })
})

describe('Ana knows it too when a model answers', () => {
  const carmen: RelativeFacts = {
    firstName: 'Carmen',
    lastName: 'Ruiz',
    relationshipToOwner: 'Bisabuela',
    birthDate: date('ABT 1880'),
    deathDate: date('1931'),
    birthPlace: 'Pasto',
    deathPlace: '',
    isDeceased: true,
    bioSummary: '',
    relatives: [],
  }

  it('tells the model and greets without asking for memories, for an ancestor never met', () => {
    const persona = anaAbout({ ...carmen, storyteller: teller('1948', 3) })
    expect(persona.subject).toEqual({ name: 'Carmen', isDeceased: true, acquaintance: 'neverMet' })
    expect(persona.systemInstruction.es).toContain('no llegó a conocer')
    expect(persona.systemInstruction.en).toContain('never met')
    expect(persona.systemInstruction.fr).toContain('ne l’a pas connue')
    for (const language of languages) expect(persona.greeting![language]).not.toMatch(/\{|describ|décri/)
    expect(persona.greeting!.es).toContain('¿Qué historias se contaban de Carmen?')
  })

  it('says nothing of it when the tree cannot tell', () => {
    const persona = anaAbout(carmen)
    expect(persona.subject).toEqual({ name: 'Carmen', isDeceased: true })
    expect(persona.systemInstruction.es).not.toContain('no llegó a conocer')
    expect(persona.greeting!.es).toContain('¿Cómo describirías a Carmen')
  })
})
