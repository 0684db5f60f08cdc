import { describe, expect, it } from 'vitest'
import { parseGenealogyDate, serializeGenealogyDate } from '../genealogy-date/index.ts'
import { comingDays } from './coming-days.ts'
import { ageAt, exactMonthDay, isApproximateDate } from './life-dates.ts'

/** A date as typed or imported, in its stored form. */
const stored = (text: string) => {
  const value = parseGenealogyDate(text)
  if (!value) throw new Error(`no date: ${text}`)
  return serializeGenealogyDate(value)
}

describe('dates on a timeline', () => {
  it('labels as approximate every form that is not a plain date, and no plain year, month or day', () => {
    for (const text of [
      'ABT 1920',
      'EST 1920',
      'CAL 1920',
      'BEF 1948',
      'AFT 1948',
      'BET 1850 AND 1860',
      'FROM 1920 TO 1925',
      'TO 1925',
      '(poco después de la guerra)',
      'INT 1920 (según el padrón)',
      'hacia 1920',
    ])
      expect(isApproximateDate(stored(text)), text).toBe(true)
    for (const text of ['1920', 'MAY 1920', '17 MAY 1948', '1648/49', '@#DJULIAN@ 1 JAN 1700', '44 B.C.']) expect(isApproximateDate(stored(text)), text).toBe(false)
    expect(isApproximateDate(null)).toBe(false)
  })

  it('counts an age in whole years, exact only when both days are known', () => {
    expect(ageAt(stored('1920-05-17'), stored('1945-05-16'))).toEqual({ years: 24, isApproximate: false })
    expect(ageAt(stored('1920-05-17'), stored('1945-05-17'))).toEqual({ years: 25, isApproximate: false })
    expect(ageAt(stored('ABT 1920'), stored('1945-06-02'))).toEqual({ years: 25, isApproximate: true })
    expect(ageAt(stored('1920'), stored('1945'))).toEqual({ years: 25, isApproximate: true })
    for (const birth of ['BET 1850 AND 1860', 'BEF 1920', 'AFT 1920', '(de niña)', '@#DJULIAN@ 1920', '1648/49']) expect(ageAt(stored(birth), stored('1945')), birth).toBeNull()
    expect(ageAt(stored('1945'), stored('1920'))).toBeNull()
    expect(ageAt(null, stored('1945'))).toBeNull()
  })

  it('reads a month-day only from an exact day', () => {
    expect(exactMonthDay(stored('1932-02-29'))).toEqual({ year: 1932, monthDay: '02-29' })
    for (const text of ['ABT 1920', 'MAY 1920', 'hacia el 3 de enero de 1940', '@#DJULIAN@ 3 JAN 1700']) expect(exactMonthDay(stored(text)), text).toBeNull()
  })

  it('walks the coming days across the turn of the year, with 29 February on the 28th of a common year', () => {
    const turning = comingDays('2026-12-27', 14)
    expect(turning.map((day) => day.date)).toContain('2027-01-05')
    expect(turning.at(-1)).toMatchObject({ date: '2027-01-09', inDays: 13 })
    expect(comingDays('2027-02-27', 3).map((day) => day.monthDays)).toEqual([['02-27'], ['02-28', '02-29'], ['03-01']])
    expect(comingDays('2028-02-27', 3).map((day) => day.monthDays)).toEqual([['02-27'], ['02-28'], ['02-29']])
    expect(() => comingDays('2026-02-30', 1)).toThrow(RangeError)
  })
})
