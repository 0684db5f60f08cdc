/**
 * Calendar dates the user types (birth, dream, event) travel and are stored as `YYYY-MM-DD`
 * strings, never as Date objects, so no time zone can shift them by a day.
 */
const pattern = /^(\d{4})-(\d{2})-(\d{2})$/

export function isCalendarDate(value: string): boolean {
  const match = pattern.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999, and a year-1
  // date an import kept ("1 JAN 1") would then be no day at all.
  const date = new Date(0)
  date.setUTCFullYear(y, m - 1, d)
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** Today's calendar date in UTC, as `YYYY-MM-DD`. */
export function todayCalendarDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}
