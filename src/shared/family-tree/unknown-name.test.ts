import { describe, expect, it } from 'vitest'
import { isUnknownNamePart } from './unknown-name.ts'

describe('a name part nobody knows', () => {
  it.each(['____', '_____', 'N.N.', 'n.n.', 'N. N.', ' N.N '])('is %j', (part) => {
    expect(isUnknownNamePart(part)).toBe(true)
  })

  it.each(['Ruiz', '', '_', 'Nn', 'Nuñez', 'N.', 'de la Cruz'])('is not %j', (part) => {
    expect(isUnknownNamePart(part)).toBe(false)
  })
})
