import { describe, expect, it } from 'vitest'
import { isGedcom551Date, toGedcom551Date, toGedcom7Date } from './dates.ts'

describe('toGedcom7Date', () => {
  it.each([
    ['12 MAY 1948', { value: '12 MAY 1948' }],
    ['ABT 1920', { value: 'ABT 1920' }],
    ['BET 1900 AND 1910', { value: 'BET 1900 AND 1910' }],
    ['from 1900 to 1905', { value: 'FROM 1900 TO 1905' }],
    ['ABT    1420', { value: 'ABT 1420' }],
    ['Dec 1859', { value: 'DEC 1859' }],
    ['@#DJULIAN@ 12 JAN 1700', { value: 'JULIAN 12 JAN 1700' }],
    ['FROM @#DHEBREW@ 1 TSH 5700 TO 1 IYR 5701', { value: 'FROM HEBREW 1 TSH 5700 TO 1 IYR 5701' }],
    ['@#DFRENCH R@ 1 VEND 10', { value: 'FRENCH_R 1 VEND 10' }],
    ['10 MAY 300 B.C.', { value: '10 MAY 300 BCE' }],
    ['INT 1995 (from estimated age)', { value: '1995', phrase: 'from estimated age' }],
    ['(sometime in spring)', { value: '', phrase: 'sometime in spring' }],
    // 7.0 has no dual years: the new-style year is the value, the date as written the phrase.
    ['12 Jan 1699/00', { value: '12 JAN 1700', phrase: '12 Jan 1699/00' }],
    ['1815/1816', { value: '1816', phrase: '1815/1816' }],
    ['BET 1 APR 1699/00 AND 5 SEP 1701/02', { value: 'BET 1 APR 1700 AND 5 SEP 1702', phrase: 'BET 1 APR 1699/00 AND 5 SEP 1701/02' }],
    ['@#DJULIAN@ 6 MAR 1605/06', { value: 'JULIAN 6 MAR 1606', phrase: '@#DJULIAN@ 6 MAR 1605/06' }],
    // Two years that do not follow each other are no dual year, and no free text has a value.
    ['1056/1060', { value: '', phrase: '1056/1060' }],
    ['la semana de Pascua', { value: '', phrase: 'la semana de Pascua' }],
  ])('%s', (date, expected) => {
    expect(toGedcom7Date(date)).toEqual(expected)
  })
})

describe('toGedcom551Date', () => {
  const cases: [args: [value: string | undefined, phrase?: string], expected: string | undefined][] = [
    [['12 MAY 1948'], '12 MAY 1948'],
    [['JULIAN 12 JAN 1700'], '@#DJULIAN@ 12 JAN 1700'],
    [['BET FRENCH_R 1 VEND 10 AND FRENCH_R 2 VEND 10'], 'BET @#DFRENCH R@ 1 VEND 10 AND @#DFRENCH R@ 2 VEND 10'],
    [['10 MAY 300 BCE'], '10 MAY 300 B.C.'],
    [['1995', 'from estimated age'], 'INT 1995 (from estimated age)'],
    [['', 'sometime in spring'], '(sometime in spring)'],
    [[undefined, '12 Jan 1699/00'], '12 Jan 1699/00'],
    [['12 JAN 1700', '12 Jan 1699/00'], '12 Jan 1699/00'],
    [['JULIAN 6 MAR 1606', '@#DJULIAN@ 6 MAR 1605/06'], '@#DJULIAN@ 6 MAR 1605/06'],
    // 5.5.1 has nowhere to put a phrase beside a range.
    [['FROM 1700 TO 1800', 'No date phrase'], 'FROM 1700 TO 1800'],
    [[undefined], undefined],
  ]
  it.each(cases)('%j', (args, expected) => {
    expect(toGedcom551Date(...args)).toBe(expected)
  })

  it('leaves a 5.5.1 date as it was written, spacing included', () => {
    expect(toGedcom551Date('ABT    1420')).toBe('ABT    1420')
  })
})

describe('isGedcom551Date', () => {
  it('accepts the 5.5.1 forms and rejects free text', () => {
    for (const date of [
      '1699/00',
      '1815/1816',
      '12 Jan 1699/00',
      'BET 1 APR 1699/00 AND 5 SEP 1701/02',
      'INT 5 TVT 5724 (interpreted Hebrew date)',
      'ABT 1 MAY 1950 B.C.',
      '(text)',
    ])
      expect(isGedcom551Date(date)).toBe(true)
    for (const date of ['la semana de Pascua', 'ABT', '12 MAYO 1948']) expect(isGedcom551Date(date)).toBe(false)
  })
})
