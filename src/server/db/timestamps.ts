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
