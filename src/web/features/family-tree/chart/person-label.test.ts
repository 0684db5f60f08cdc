import i18n from 'i18next'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../../../shared/limits.ts'
import { buildMember } from './test/family-builders.ts'
import { createChoiceLabeller, lifeYears, personLabel } from './person-label.ts'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

const tFor = (language: Language) => i18n.getFixedT(language, 'family-chart')

describe('a person in the chart', () => {
  const grandma = buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'Ruiz', gender: 'Femenino', birthDate: asStoredDate('ABT 1920'), birthPlace: 'Pasto' })

  it('shows a date as written in the reader’s language, and a plain one as its year', () => {
    expect(lifeYears(tFor('es'), grandma, 'es')).toBe('n. hacia 1920')
    expect(lifeYears(tFor('en'), grandma, 'en')).toBe('b. circa 1920')
    expect(lifeYears(tFor('fr'), grandma, 'fr')).toBe('né(e) vers 1920')
    const dated = { ...grandma, isDeceased: true, birthDate: asStoredDate('1920-03-12'), deathDate: asStoredDate('BEF 1990') }
    expect(lifeYears(tFor('es'), dated, 'es')).toBe('1920 – antes de 1990')
  })

  it('names the date and the place of birth in words', () => {
    expect(personLabel(tFor('es'), grandma, 'es')).toBe('Carmen Ruiz, nació hacia 1920 en Pasto')
    expect(personLabel(tFor('en'), grandma, 'en')).toBe('Carmen Ruiz, born circa 1920 in Pasto')
    expect(personLabel(tFor('fr'), { ...grandma, birthDate: asStoredDate('1920-03-12') }, 'fr')).toBe('Carmen Ruiz, naissance en 1920 à Pasto')
    expect(personLabel(tFor('es'), { ...grandma, isDeceased: true, deathDate: asStoredDate('1990') }, 'es')).toBe('Carmen Ruiz, hacia 1920–1990, nació en Pasto')
  })
})

describe('a person among choices', () => {
  it('tells namesakes apart by their years and a place', () => {
    const label = createChoiceLabeller(tFor('es'), 'es')
    const elizabeth = (birth: string, death: string | null, place: string) =>
      buildMember({
        memberId: `elizabeth-${birth}`,
        firstName: 'Elizabeth',
        lastName: 'Smith',
        birthDate: asStoredDate(birth),
        deathDate: death ? asStoredDate(death) : null,
        isDeceased: death !== null,
        birthPlace: place,
      })
    expect(label(elizabeth('1820', '1890', 'Boston'))).toBe('Elizabeth Smith (1820–1890, Boston)')
    expect(label(elizabeth('1822-05-01', '1901', 'Salem'))).toBe('Elizabeth Smith (1822–1901, Salem)')
    expect(label(elizabeth('1990', null, ''))).toBe('Elizabeth Smith (n. 1990)')
    expect(label(elizabeth('ABT 1850', null, 'York'))).toBe('Elizabeth Smith (n. hacia 1850, York)')
    expect(createChoiceLabeller(tFor('en'), 'en')(elizabeth('ABT 1850', null, 'York'))).toBe('Elizabeth Smith (b. circa 1850, York)')
    expect(label(buildMember({ memberId: 'ana', firstName: 'Ana', lastName: 'Ruiz' }))).toBe('Ana Ruiz')
    expect(label(buildMember({ memberId: 'pedro', firstName: 'Pedro', lastName: '_____', isDeceased: true, deathDate: asStoredDate('1900') }))).toBe(
      'Pedro (apellido desconocido, † 1900)',
    )
  })
})
