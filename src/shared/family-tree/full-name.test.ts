import { describe, expect, it } from 'vitest'
import { isSameFullName, splitFullName } from './full-name.ts'

describe('splitFullName', () => {
  it.each([
    ['Carmen', { firstName: 'Carmen', lastName: '' }],
    ['Carmen López', { firstName: 'Carmen', lastName: 'López' }],
    ['  Carmen   López García ', { firstName: 'Carmen', lastName: 'López García' }],
    ['María José Pérez López', { firstName: 'María José', lastName: 'Pérez López' }],
    ['Juan de la Cruz', { firstName: 'Juan', lastName: 'de la Cruz' }],
    ['Juan de la Cruz Pérez', { firstName: 'Juan', lastName: 'de la Cruz Pérez' }],
    ['Amélie Dubois', { firstName: 'Amélie', lastName: 'Dubois' }],
    ['', { firstName: '', lastName: '' }],
  ])('reads «%s» as given name and surnames', (fullName, parts) => {
    expect(splitFullName(fullName)).toEqual(parts)
  })
})

describe('isSameFullName', () => {
  it('matches a name however it is cased, accented or split', () => {
    expect(isSameFullName({ firstName: 'María José', lastName: 'Pérez' }, { firstName: 'maria', lastName: 'jose  PEREZ' })).toBe(true)
    expect(isSameFullName({ firstName: 'Lucía', lastName: 'Ruiz' }, { firstName: 'Carmen', lastName: 'Ruiz' })).toBe(false)
  })
})
