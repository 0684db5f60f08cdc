const canonicalIso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/**
 * Instants are written as ISO strings (SQLite keeps them as text; PostgreSQL parses them into
 * timestamptz) and read back as either, so repositories normalise every one through here.
 */
export function toIsoString(value: Date | string): string {
  if (value instanceof Date) return value.toISOString()
  // SQLite hands back what toISOString wrote: already the answer, and parsing and formatting
  // hundreds of them cost a tenth of a list's time.
  return canonicalIso.test(value) ? value : new Date(value).toISOString()
}

export function nowIso(): string {
  return new Date().toISOString()
}

/**
 * The instant to stamp a row with when it last read `previous`: now, or a millisecond past
 * `previous` when the clock has not moved on (two writes in one millisecond, or another
 * instance's clock ahead), so every write gives the row a stamp of its own.
 */
export function nextInstant(previous: Date | string, now: string = nowIso()): string {
  const after = new Date(previous).getTime() + 1
  return new Date(Math.max(Date.parse(now), after)).toISOString()
}
