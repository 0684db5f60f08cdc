import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { storedDateText } from '../genealogy-date/index.ts'
import { languages, type Language } from '../limits.ts'
import { readFacts, type FactProposal, type ReadFactsOptions } from './index.ts'

/** Each proposal as `kind: value`, a date in its stored form and a name as "first / last". */
const said = (p: FactProposal) => {
  const value = typeof p.value === 'string' ? p.value : 'first' in p.value ? `${p.value.first} / ${p.value.last}` : storedDateText(p.value)
  return `${p.kind}: ${value}`
}
const read = (answer: string, language: Language, options?: ReadFactsOptions) => readFacts(answer, language, options).map(said)
const quotes = (answer: string, language: Language, options?: ReadFactsOptions) => readFacts(answer, language, options).map((p) => p.quote.text)

describe('readFacts answering a question that asks for the fact', () => {
  it('reads the birthplace and birth date of «Nació en Pasto, Nariño, hacia 1931», accents intact, quoting the words', () => {
    const answer = 'Nació en Pasto, Nariño, hacia 1931'
    const proposals = readFacts(answer, 'es', { asks: ['birthPlace', 'birthDate'] })
    expect(proposals.map(said).sort()).toEqual(['birthDate: ABT 1931', 'birthPlace: Pasto, Nariño'])
    for (const p of proposals) {
      expect(p.quote).toEqual({ text: answer, start: 0, end: answer.length })
      expect(answer.slice(p.quote.start, p.quote.end)).toBe(p.quote.text)
    }
  })

  it('takes a bare place or date as what the question asked', () => {
    expect(read('En Pasto, Nariño.', 'es', { asks: ['birthPlace'] })).toEqual(['birthPlace: Pasto, Nariño'])
    expect(read('Pasto, Nariño, hacia 1931. Allí pasó su infancia.', 'es', { asks: ['birthPlace', 'birthDate'] }).sort()).toEqual([
      'birthDate: ABT 1931',
      'birthPlace: Pasto, Nariño',
    ])
    expect(read('In Ipiales, in June 1950.', 'en', { asks: ['marriageDate', 'marriagePlace'] }).sort()).toEqual(['marriageDate: JUN 1950', 'marriagePlace: Ipiales'])
    expect(read('À Lyon, vers 1931.', 'fr', { asks: ['birthPlace', 'birthDate'] }).sort()).toEqual(['birthDate: ABT 1931', 'birthPlace: Lyon'])
    expect(readFacts('Sí, en La Paz.', 'es', { asks: ['birthPlace'] }).map((p) => [p.value, p.quote.text])).toEqual([['La Paz', 'en La Paz']])
    expect(read('Nació en EE. UU. en 1931.', 'es').sort()).toEqual(['birthDate: 1931', 'birthPlace: EE. UU.'])
  })

  it('reads a trade, a nickname and names given as the whole answer', () => {
    expect(read('Costurera, y también cocinaba para fuera.', 'es', { asks: ['occupation'] })).toEqual(['occupation: Costurera'])
    expect(read('Era maestra de escuela.', 'es', { asks: ['occupation'] })).toEqual(['occupation: maestra de escuela'])
    expect(read('She was a seamstress in Quito.', 'en', { asks: ['occupation'] })).toEqual(['occupation: seamstress'])
    expect(read('Elle était couturière.', 'fr', { asks: ['occupation'] })).toEqual(['occupation: couturière'])
    expect(read('«la Nena», porque era la menor.', 'es', { asks: ['nickname'] })).toEqual(['nickname: la Nena'])
    expect(read('Juan Pérez y María Díaz.', 'es', { asks: ['parent'] })).toEqual(['parent: Juan / Pérez', 'parent: María / Díaz'])
    expect(read('Se llamaba Luis.', 'es', { asks: ['spouse'] })).toEqual(['spouse: Luis / '])
    expect(read('Il s’appelait Émile Roux.', 'fr', { asks: ['spouse'] })).toEqual(['spouse: Émile / Roux'])
  })

  it('proposes nothing from an answer that is no such fact', () => {
    expect(read('Era muy alegre.', 'es', { asks: ['occupation'] })).toEqual([])
    expect(read('Trabajaba en el campo.', 'es', { asks: ['occupation'] })).toEqual([])
    expect(read('Nada.', 'es', { asks: ['parent'] })).toEqual([])
    expect(read('Pues en el campo.', 'es', { asks: ['birthPlace'] })).toEqual([])
    expect(read('Quito, o quizá en Pasto.', 'es', { asks: ['birthPlace'] })).toEqual([])
    expect(read('No sé.', 'es', { asks: ['birthPlace'] })).toEqual([])
    expect(read('En Pasto vivió su hermano.', 'es', { asks: ['birthPlace'] })).toEqual([])
    expect(read('Luis, Pedro y Juan.', 'es', { asks: ['spouse'] })).toEqual([])
    // A list of places: which commas join the parts of one place is anyone's guess.
    expect(read('En Pasto, Quito y Bogotá.', 'es', { asks: ['residence'] })).toEqual([])
    expect(read('I never knew.', 'en', { asks: ['birthPlace', 'birthDate'] })).toEqual([])
  })
})

describe('readFacts without a question', () => {
  it('reads a birth in each language, with its place and date', () => {
    expect(read('Nació en Pasto, Nariño, hacia 1931.', 'es').sort()).toEqual(['birthDate: ABT 1931', 'birthPlace: Pasto, Nariño'])
    expect(read('She was born in Pasto about 1931.', 'en').sort()).toEqual(['birthDate: ABT 1931', 'birthPlace: Pasto'])
    expect(read('Elle est née à Pasto vers 1931.', 'fr').sort()).toEqual(['birthDate: ABT 1931', 'birthPlace: Pasto'])
    expect(read('Née à Pasto vers 1931, elle y a grandi.', 'fr').sort()).toEqual(['birthDate: ABT 1931', 'birthPlace: Pasto'])
    expect(read('Nacida en Pasto en 1931, creció en Ipiales.', 'es').sort()).toEqual(['birthDate: 1931', 'birthPlace: Pasto'])
    expect(read('Nació el 5 de mayo de 1931 en San Juan de Pasto.', 'es').sort()).toEqual(['birthDate: 1931-05-05', 'birthPlace: San Juan de Pasto'])
  })

  it('reads a death, a marriage with the spouse, a residence, a trade and a nickname', () => {
    expect(read('Murió en 1990 en Quito.', 'es').sort()).toEqual(['deathDate: 1990', 'deathPlace: Quito'])
    expect(read('She married Luis Pérez in 1950 in Ipiales.', 'en').sort()).toEqual(['marriageDate: 1950', 'marriagePlace: Ipiales', 'spouse: Luis / Pérez'])
    expect(read('Elle a épousé Luis en 1950.', 'fr').sort()).toEqual(['marriageDate: 1950', 'spouse: Luis / '])
    expect(read('Vivía en Quito cuando la conocí.', 'es')).toEqual(['residence: Quito'])
    expect(read('Trabajaba de costurera en una fábrica.', 'es')).toEqual(['occupation: costurera'])
    expect(read('She worked as a seamstress.', 'en')).toEqual(['occupation: seamstress'])
    expect(read('Elle travaillait comme couturière.', 'fr')).toEqual(['occupation: couturière'])
    expect(read('Le decían la Nena.', 'es')).toEqual(['nickname: la Nena'])
    expect(read('On l’appelait «la Nena».', 'fr')).toEqual(['nickname: la Nena'])
    expect(read('Everyone called her Granny Mae.', 'en')).toEqual(['nickname: Granny Mae'])
    expect(read('En el pueblo todos le decían «Yoya».', 'es')).toEqual(['nickname: Yoya'])
    expect(read('Su padre se llamaba Juan Pérez y su madre se llamaba María.', 'es')).toEqual(['parent: Juan / Pérez', 'parent: María / '])
    expect(read('Her brother was called Tom.', 'en')).toEqual(['sibling: Tom / '])
  })

  it('keeps a marriage date with the spouse it was said with', () => {
    const [spouse, date] = readFacts('Se casó con Luis en 1950.', 'es')
    expect(spouse).toMatchObject({ kind: 'spouse', value: { first: 'Luis', last: '' } })
    expect(date).toMatchObject({ kind: 'marriageDate', spouse: { first: 'Luis', last: '' } })
  })

  it('quotes the exact words of each fact, subject included, within a longer answer', () => {
    const answer = 'Mi abuela nació en Pasto hacia 1931 y se casó con Luis en el 50. Fue feliz.'
    const proposals = readFacts(answer, 'es', { subject: { names: ['mi abuela'] } })
    expect(proposals.map(said)).toEqual(['birthDate: ABT 1931', 'birthPlace: Pasto', 'spouse: Luis / ', 'marriageDate: 1950'])
    expect(proposals.map((p) => p.quote.text)).toEqual([
      'Mi abuela nació en Pasto hacia 1931',
      'Mi abuela nació en Pasto hacia 1931',
      'se casó con Luis en el 50',
      'se casó con Luis en el 50',
    ])
    for (const p of proposals) expect(answer.slice(p.quote.start, p.quote.end)).toBe(p.quote.text)
  })

  it('reads the date or place said before the verb', () => {
    expect(read('En 1950 se casó con Luis.', 'es').sort()).toEqual(['marriageDate: 1950', 'spouse: Luis / '])
    expect(read('En Quito murió en 1990.', 'es').sort()).toEqual(['deathDate: 1990', 'deathPlace: Quito'])
    expect(quotes('Después de la guerra, en Quito murió en 1990.', 'es')).toEqual(['en Quito murió en 1990', 'en Quito murió en 1990'])
    expect(read('Later he died in Quito in 1990.', 'en').sort()).toEqual(['deathDate: 1990', 'deathPlace: Quito'])
  })
})

describe('readFacts and whose fact it is', () => {
  it('proposes nothing from places and years mentioned in passing', () => {
    expect(read('Fuimos a Pasto en 1960.', 'es')).toEqual([])
    expect(read('En 1960 nos mudamos a Pasto con toda la familia.', 'es')).toEqual([])
    expect(read('We went to Pasto in 1960.', 'en')).toEqual([])
    expect(read('Nous sommes allés à Pasto en 1960.', 'fr')).toEqual([])
    expect(read('Recuerdo su casa en Quito y las fiestas de 1975.', 'es')).toEqual([])
  })

  it('leaves out what someone else did', () => {
    expect(read('Su hermano nació en Quito.', 'es')).toEqual([])
    expect(read('En Quito nació su hermano.', 'es')).toEqual([])
    expect(read('Nació y creció en Pasto, pero su hermano nació en Quito.', 'es')).toEqual([])
    expect(read('His sister was born in Quito in 1935.', 'en')).toEqual([])
    expect(read('Sus padres se casaron en 1950.', 'es')).toEqual([])
    expect(read('Sa sœur est née à Lyon.', 'fr')).toEqual([])
    expect(read('Creo que nació en Pasto.', 'es')).toEqual([])
    expect(read('No nació en Pasto.', 'es')).toEqual([])
    expect(read('She was not born in Lyon.', 'en')).toEqual([])
    expect(read('Elle n’est pas née à Lyon.', 'fr')).toEqual([])
    // Sayings about how someone worked, and a "was" that may be no name.
    expect(read('Trabajaba de sol a sol.', 'es')).toEqual([])
    expect(read('Trabajaba como loca.', 'es')).toEqual([])
    expect(read('Su madre era Colombiana.', 'es')).toEqual([])
    expect(read('Su madre era Rosa Díaz.', 'es')).toEqual(['parent: Rosa / Díaz'])
  })

  it('tells the teller’s own facts from a relative’s', () => {
    // Telling Ana about a grandmother, «nací» is the teller, not her.
    expect(read('Nací en Quito en 1950.', 'es')).toEqual([])
    expect(read('I was born in Quito in 1950.', 'en')).toEqual([])
    expect(read('Mi padre se llamaba Juan.', 'es')).toEqual([])
    // Telling Cronos about oneself, it is the teller, and «nació» someone else.
    expect(read('Nací en Quito en 1950.', 'es', { subject: { isTeller: true } }).sort()).toEqual(['birthDate: 1950', 'birthPlace: Quito'])
    expect(read('Je suis née à Lyon en 1950.', 'fr', { subject: { isTeller: true } }).sort()).toEqual(['birthDate: 1950', 'birthPlace: Lyon'])
    expect(read('Mi padre se llamaba Juan.', 'es', { subject: { isTeller: true } })).toEqual(['parent: Juan / '])
    expect(read('Nació en Quito en 1950.', 'es', { subject: { isTeller: true } })).toEqual([])
  })

  it('reads a sentence whose subject is the relative named as the teller names them', () => {
    expect(read('Aurora nació en Pasto.', 'es')).toEqual([])
    expect(read('Aurora nació en Pasto.', 'es', { subject: { names: ['Aurora', 'mi abuela'] } })).toEqual(['birthPlace: Pasto'])
    expect(read('A Aurora le decían «Yoya».', 'es', { subject: { names: ['Aurora'] } })).toEqual(['nickname: Yoya'])
    expect(read('Luis was born in 1931.', 'en', { subject: { names: ['Luis'] } })).toEqual(['birthDate: 1931'])
  })
})

describe('readFacts and two-digit years', () => {
  // «En el 50» names a year only when the century is known: a birth year of the person, from the
  // tree or said earlier in the same answer, within whose hundred years it falls.
  it('reads none without a known birth year', () => {
    expect(read('Se casó con Luis en el 50.', 'es')).toEqual(['spouse: Luis / '])
    expect(read('Nació en el 31.', 'es')).toEqual([])
  })

  it('reads the year within a hundred years after the birth', () => {
    expect(read('Se casó con Luis en mayo del 50.', 'es', { subject: { birthYear: 1931 } })).toContain('marriageDate: MAY 1950')
    expect(read('Murió en el 12.', 'es', { subject: { birthYear: 1931 } })).toEqual(['deathDate: 2012'])
    expect(read('Murió en el 12.', 'es', { subject: { birthYear: 1931 }, thisYear: 2010 })).toEqual([])
    expect(read('She died in ’98.', 'en', { subject: { birthYear: 1910 } })).toEqual(['deathDate: 1998'])
    expect(read('Elle est morte en 98.', 'fr', { subject: { birthYear: 1910 } })).toEqual(['deathDate: 1998'])
  })

  it('never reads a birth year from two digits', () => {
    expect(read('En el 31.', 'es', { asks: ['birthDate'], subject: { birthYear: 1900 } })).toEqual([])
  })
})

describe('readFacts on any text', () => {
  it('never throws, and every quote is the answer’s own words at its offsets', () => {
    const pieces = fc.constantFrom(
      'Nació',
      'nació en',
      ' Pasto',
      ', Nariño',
      ' hacia 1931',
      ' y se casó con Luis',
      ' en el 50',
      '. ',
      'She was born in',
      ' Quito',
      'Elle est née à',
      ' Lyon',
      ' vers 1931',
      '«la Nena»',
      'le decían ',
      ' trabajaba de costurera',
      ' ',
      ',',
      'é',
      '\u0301',
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.constantFrom(...languages), fc.boolean(), (parts, language, isTeller) => {
        const answer = parts.join('')
        for (const p of readFacts(answer, language, { asks: ['birthPlace', 'birthDate'], subject: { isTeller, birthYear: 1931 } })) {
          expect(answer.slice(p.quote.start, p.quote.end)).toBe(p.quote.text)
          expect(p.quote.text.length).toBeGreaterThan(0)
        }
      }),
    )
  })
})
