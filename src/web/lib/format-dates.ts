/**
 * A calendar date (`YYYY-MM-DD`) written out in `language`, e.g. "5 de marzo de 1940".
 * The parts are formatted as a UTC date in the UTC zone, so no local offset can move the day.
 */
export function formatCalendarDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number)
  if (!year || !month || !day) return date
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)))
}

/** An instant (ISO 8601) as date and time in `language` and the reader's own time zone. */
export function formatDateTime(timestamp: string, language: string): string {
  const instant = new Date(timestamp)
  if (Number.isNaN(instant.getTime())) return timestamp
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(instant)
}
