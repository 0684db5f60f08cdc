/**
 * A calendar date (`YYYY-MM-DD`) written out in `language`, e.g. "5 de marzo de 1940".
 * The parts are formatted as a UTC date in the UTC zone, so no local offset can move the day.
 * (The same rule as the dream diary's; features do not import each other.)
 */
export function formatCalendarDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number)
  if (!year || !month || !day) return date
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  )
}
