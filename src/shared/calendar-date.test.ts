import { describe, expect, it } from 'vitest'
import { isCalendarDate } from './calendar-date.ts'

describe('isCalendarDate', () => {
  it('takes every real day, the first centuries too, and no other', () => {
    for (const day of ['0001-01-01', '0004-02-29', '0099-12-31', '1900-02-28', '2024-02-29']) expect(isCalendarDate(day), day).toBe(true)
    for (const day of ['0099-02-29', '1900-02-29', '2023-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-1-01']) expect(isCalendarDate(day), day).toBe(false)
  })
})
