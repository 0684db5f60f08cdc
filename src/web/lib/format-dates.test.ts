import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatCalendarDate, formatDateTime } from './format-dates.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('formatCalendarDate', () => {
  it('writes the date in the reader’s language', () => {
    expect(formatCalendarDate('2024-03-05', 'es')).toBe('5 de marzo de 2024')
    expect(formatCalendarDate('2024-03-05', 'en')).toBe('March 5, 2024')
    expect(formatCalendarDate('2024-03-05', 'fr')).toBe('5 mars 2024')
  })

  it.each(['Pacific/Honolulu', 'America/Bogota', 'Pacific/Kiritimati'])('keeps the same day in %s', (zone) => {
    vi.stubEnv('TZ', zone)
    expect(formatCalendarDate('2024-01-01', 'es')).toBe('1 de enero de 2024')
    expect(formatCalendarDate('2023-12-31', 'es')).toBe('31 de diciembre de 2023')
  })

  it('shows a malformed value as it came rather than a wrong day', () => {
    expect(formatCalendarDate('not-a-date', 'es')).toBe('not-a-date')
  })
})

describe('formatDateTime', () => {
  it('gives the date and the time in the reader’s own time zone', () => {
    vi.stubEnv('TZ', 'America/Bogota')
    expect(formatDateTime('2024-03-05T02:30:00.000Z', 'es')).toMatch(/^4 de marzo de 2024.*21:30$/)
  })
})
