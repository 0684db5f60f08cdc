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

const timeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 4.35],
  ['year', 12],
]

/** How long ago an instant was, in `language`: "hace 5 minutos", "ayer", "hace 2 días", "hace 3 meses". */
export function formatTimeAgo(timestamp: string, language: string, now: number = Date.now()): string {
  const instant = new Date(timestamp).getTime()
  if (Number.isNaN(instant)) return timestamp
  let amount = Math.max(0, now - instant) / 60_000
  let unit: Intl.RelativeTimeFormatUnit = 'minute'
  for (let index = 1; index < timeSteps.length && amount >= timeSteps[index]![1]; index += 1) {
    amount /= timeSteps[index]![1]
    unit = timeSteps[index]![0]
  }
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-Math.floor(amount), unit)
}
