import { describe, expect, it } from 'vitest'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { ana, anaAbout, type RelativeFacts } from './ana.ts'
import { withSubject } from './persona-template.ts'

const luis: RelativeFacts = {
  firstName: 'Luis',
  lastName: 'Gómez',
  relationshipToOwner: 'Abuelo',
  birthDate: null,
  deathDate: null,
  birthPlace: '',
  deathPlace: '',
  isDeceased: false,
  bioSummary: '',
  relatives: [],
}

describe('persona templates', () => {
  it('fill every placeholder of every language, and keep the settings', () => {
    const filled = anaAbout(luis)
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

describe('Ana’s instruction tells the model the dates as the tree holds them', () => {
  const about = (birth: string | null, death: string | null, extra: Partial<RelativeFacts> = {}) =>
    anaAbout({ ...luis, birthDate: birth === null ? null : asStoredDate(birth), deathDate: death === null ? null : asStoredDate(death), isDeceased: death !== null, ...extra })
      .systemInstruction

  it('an approximate birth, a range and an open death read as the words the tree card uses, never a made-up day', () => {
    const text = about('ABT 1920', 'AFT 1980', { birthPlace: 'Pasto' })
    expect(text.es).toContain('nació hacia 1920 en Pasto')
    expect(text.es).toContain('falleció después de 1980')
    expect(text.en).toContain('born circa 1920 in Pasto')
    expect(text.fr).toContain('né·e vers 1920 à Pasto')
    expect(about('BET 1850 AND 1860', null).es).toContain('nació entre 1850 y 1860')
    expect(about('BEF 1900', null).en).toContain('born before 1900')
  })

  it('a bare year or a month is that year or month, not its first day', () => {
    expect(about('1920', null).es).toContain('nació en 1920')
    expect(about('1920', null).es).not.toMatch(/enero|1 de/)
    expect(about('MAY 1920', null).es).toContain('nació en mayo de 1920')
    expect(about('1948-05-17', null).es).toContain('nació el 17 de mayo de 1948')
    expect(about('1948-05-17', null).en).toContain('born on May 17, 1948')
  })

  it('a date the family wrote in words is quoted as theirs; a death with nothing known says only that', () => {
    expect(about('(poco después de la guerra)', null).es).toContain('nació «poco después de la guerra»')
    const deceased = anaAbout({ ...luis, isDeceased: true }).systemInstruction
    expect(deceased.es).toContain('ya falleció')
    expect(deceased.es).not.toMatch(/Invalid|undefined|NaN/)
  })

  it('names the parents (and how), partners and children the tree links', () => {
    const text = about(null, null, {
      relatives: [
        { firstName: 'Rosa', lastName: 'Díaz', relation: 'parent', kind: 'adopted' },
        { firstName: 'Jorge', lastName: 'Pérez', relation: 'parent', kind: 'birth' },
        { firstName: 'Ana', lastName: 'Ruiz', relation: 'partner', kind: null },
        { firstName: 'Elena', lastName: 'Gómez', relation: 'child', kind: 'birth' },
      ],
    })
    expect(text.es).toContain('padres: Rosa Díaz (por adopción), Jorge Pérez; pareja: Ana Ruiz; hijos: Elena Gómez')
    expect(text.en).toContain('parents: Rosa Díaz (by adoption), Jorge Pérez; partners: Ana Ruiz; children: Elena Gómez')
  })
})

describe('Ana is told how the relative stands to whoever is talking', () => {
  const instruction = (extra: Partial<RelativeFacts>) => anaAbout({ ...luis, ...extra }).systemInstruction

  it('says the keeper’s own word in the keeper’s conversations', () => {
    expect(instruction({}).es).toContain('parentesco con quien te habla: Abuelo')
  })

  it('says the relation to someone else from their own card, by the relative’s gender', () => {
    const text = instruction({ gender: 'Masculino', relationToReader: { kinship: { relation: 'ancestor', generations: 3 }, keeperName: 'Rosa Pérez' } })
    expect(text.es).toContain('parentesco con quien te habla: bisabuelo')
    expect(text.en).toContain('relationship to the person talking to you: great-grandfather')
    expect(text.fr).toContain('lien avec la personne qui vous parle: arrière-grand-père')
    expect(text.es).not.toContain('Abuelo')
  })

  it('says the keeper’s word as the keeper’s when the tree cannot tell', () => {
    const text = instruction({ relationshipToOwner: 'Padre', relationToReader: { kinship: null, keeperName: 'Rosa Pérez' } })
    expect(text.es).toContain('no consta en el árbol; es padre de Rosa Pérez, quien guarda el árbol')
    expect(text.en).toContain('padre of Rosa Pérez, who keeps the tree')
    expect(text.es).not.toContain('parentesco con quien te habla: Padre')
    const keeper = instruction({ relationshipToOwner: 'Yo mismo/a', isSelf: true, relationToReader: { kinship: null, keeperName: 'Rosa Pérez' } })
    expect(keeper.es).toContain('es Rosa Pérez, quien guarda el árbol')
    expect(keeper.es).not.toContain('Yo mismo')
  })

  it('knows when the person talks about their own card', () => {
    expect(instruction({ relationToReader: { kinship: { relation: 'self' }, keeperName: 'Rosa Pérez' } }).es).toContain('es la misma persona que te habla')
  })
})
