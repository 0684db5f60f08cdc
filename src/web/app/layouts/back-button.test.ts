import { describe, expect, it } from 'vitest'
import { shouldShowBackButton } from './back-button.ts'

describe('shouldShowBackButton', () => {
  it('shows on an inner page once history holds more than two entries', () => {
    expect(shouldShowBackButton(3, '/my-dreams')).toBe(true)
    expect(shouldShowBackButton(10, '/contact')).toBe(true)
  })

  it('hides while history holds two entries or fewer', () => {
    expect(shouldShowBackButton(2, '/my-dreams')).toBe(false)
    expect(shouldShowBackButton(1, '/contact')).toBe(false)
  })

  it.each(['/', '/dashboard', '/login', '/signup'])('never shows on %s', (path) => {
    expect(shouldShowBackButton(50, path)).toBe(false)
  })

  it('only exempts those exact paths', () => {
    expect(shouldShowBackButton(3, '/dashboard/extra')).toBe(true)
  })
})
