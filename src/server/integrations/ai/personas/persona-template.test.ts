import { describe, expect, it } from 'vitest'
import { ana, anaAbout } from './ana.ts'
import { withSubject } from './persona-template.ts'

describe('persona templates', () => {
  it('fill every placeholder of every language, and keep the settings', () => {
    const filled = anaAbout({ firstName: 'Luis', lastName: 'Gómez', relationshipToOwner: 'Abuelo', birthDate: null, deathDate: null, isDeceased: false, bioSummary: '' })
    for (const text of [...Object.values(filled.systemInstruction), ...Object.values(filled.greeting!)]) {
      expect(text).not.toMatch(/\{\w+\}/)
      expect(text).toContain('Luis')
    }
    expect(filled.generation).toEqual(ana.generation)
    expect(filled.subject).toEqual({ name: 'Luis', isDeceased: false })
    expect(filled.systemInstruction.es).not.toMatch(/pasado/)
  })

  it('refuse to leave a placeholder without a value', () => {
    const values = { member: 'Luis' }
    expect(() => withSubject(ana, { name: 'Luis', isDeceased: false }, { es: values, en: values, fr: values })).toThrow(/\{details\}/)
  })
})
