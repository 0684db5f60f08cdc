import { describe, expect, it } from 'vitest'
import { loggedUrl } from './logged-url.ts'

describe('loggedUrl', () => {
  it('hides a listening link’s token, on its page and on its recording', () => {
    expect(loggedUrl('/l/7kq2m9x4hd3ft8wz5nbc')).toBe('/l/…')
    expect(loggedUrl('/l/7kq2m9x4hd3ft8wz5nbc/audio')).toBe('/l/…/audio')
    expect(loggedUrl('/l/7KQ2-M9X4?x=1')).toBe('/l/…?x=1')
  })

  it('hides an invitation’s token, at its page and at its API', () => {
    expect(loggedUrl('/invitation/abcDEF123')).toBe('/invitation/…')
    expect(loggedUrl('/api/invitations/abcDEF123/accept')).toBe('/api/invitations/…/accept')
  })

  it('leaves every other address as it is', () => {
    expect(loggedUrl('/api/media/abc/content')).toBe('/api/media/abc/content')
    expect(loggedUrl('/login')).toBe('/login')
  })
})
