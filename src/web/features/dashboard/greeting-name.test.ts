import { describe, expect, it } from 'vitest'
import { greetingName } from './greeting-name.ts'

describe('greetingName', () => {
  it('greets by display name', () => {
    expect(greetingName({ displayName: 'Rosa Martínez', email: 'rosa@example.com' }, 'Usuario')).toBe('Rosa Martínez')
  })

  it('falls back to the part of the e-mail before the @', () => {
    expect(greetingName({ displayName: '', email: 'abuela.rosa@example.com' }, 'Usuario')).toBe('abuela.rosa')
    expect(greetingName({ displayName: '   ', email: 'tio@example.com' }, 'Usuario')).toBe('tio')
  })

  it("falls back to 'Usuario' when there is neither", () => {
    expect(greetingName({ displayName: '', email: '' }, 'Usuario')).toBe('Usuario')
    expect(greetingName({ displayName: '', email: '@example.com' }, 'Usuario')).toBe('Usuario')
    expect(greetingName(null, 'Usuario')).toBe('Usuario')
    expect(greetingName(undefined, 'Usuario')).toBe('Usuario')
  })
})
