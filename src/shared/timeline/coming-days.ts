import { isCalendarDate } from '../calendar-date.ts'

/** One day of the days to come, with the month-days whose birthdays fall on it. */
export interface ComingDay {
  date: string
  /** Days from today: 0 is today. */
  inDays: number
  /** `MM-DD` of the dates kept on this day: 29 February falls on 28 February in a year without it. */
  monthDays: string[]
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/**
 * Today and the `count - 1` days after it, across the turn of the year (27 December goes on to 5
 * January). `today` is the reader's own calendar date, `YYYY-MM-DD`.
 */
export function comingDays(today: string, count: number): ComingDay[] {
  if (!isCalendarDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, not ${JSON.stringify(today)}`)
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const days: ComingDay[] = []
  for (let inDays = 0; inDays < count; inDays += 1) {
    const day = new Date(Date.UTC(y, m - 1, d + inDays))
    const date = day.toISOString().slice(0, 10)
    const monthDay = date.slice(5)
    const monthDays = monthDay === '02-28' && !isLeapYear(day.getUTCFullYear()) ? ['02-28', '02-29'] : [monthDay]
    days.push({ date, inDays, monthDays })
  }
  return days
}

/** The year a `MM-DD` falls in among the coming days, and how many days away it is. */
export function dayOf(days: readonly ComingDay[], monthDay: string): ComingDay | undefined {
  return days.find((day) => day.monthDays.includes(monthDay))
}
