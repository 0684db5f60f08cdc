/**
 * Instants are written as ISO strings (SQLite keeps them as text; PostgreSQL parses them into
 * timestamptz) and read back as either, so repositories normalise every one through here.
 */
export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

export function nowIso(): string {
  return new Date().toISOString()
}
