/**
 * One day, month or year as the source knew it. Years run 1–9999, before or after Christ; but a
 * bare one- or two-digit number someone types is far more often a slip than a year of the first
 * century, so such a year is read only when written out (`0046`, `046`) or from a GEDCOM DATE,
 * where a year is a year.
 */
export interface DatePoint {
  year: number
  /** 1–12. */
  month?: number
  /** Only with a month; a real day of that month in that calendar. */
  day?: number
  /** Before Christ (GEDCOM `B.C.` / `BCE`). */
  bc?: true
  /** Written old style / new style, "1648/49": `year` is the first (1648), the date falls in 1649. */
  dualYear?: true
  /** Absent means Gregorian, so an explicit `@#DGREGORIAN@` reads as the same date. */
  calendar?: 'julian'
}

/**
 * A date value. `phrase` keeps wording that came with a date (GEDCOM `INT … (phrase)` or 7.0's
 * `PHRASE`, or "1920 (según el padrón)"); a `phrase` kind is text with no date we could read.
 * A `period` has at least one end.
 */
export type GenealogyDate =
  | { kind: 'date' | 'about' | 'calculated' | 'estimated' | 'before' | 'after'; date: DatePoint; phrase?: string }
  | { kind: 'between'; from: DatePoint; to: DatePoint; phrase?: string }
  | { kind: 'period'; from?: DatePoint; to?: DatePoint; phrase?: string }
  | { kind: 'phrase'; text: string }

export type StructuredGenealogyDate = Exclude<GenealogyDate, { kind: 'phrase' }>
export type Calendar = 'gregorian' | 'julian'

/**
 * The year as Legado writes it: a year of the first century with four digits (`0046`), so that
 * what the app shows and stores reads back as a year, never as a slip. GEDCOM gets `bare` years.
 */
export const yearText = (p: DatePoint, options: { bare?: boolean } = {}) =>
  p.dualYear ? `${p.year}/${String((p.year + 1) % 100).padStart(2, '0')}` : p.year < 100 && !p.bc && !options.bare ? String(p.year).padStart(4, '0') : String(p.year)

export const pointsOf = (value: StructuredGenealogyDate): DatePoint[] => ('date' in value ? [value.date] : [value.from, value.to].filter((p): p is DatePoint => p !== undefined))

/** A point if it is a real date; 31 February or month 13 is not "fixed", it is refused. */
export function makePoint(
  year: number,
  month: number | undefined,
  day: number | undefined,
  options: { bc?: boolean | undefined; dualYear?: boolean | undefined; calendar: Calendar; isYearWrittenOut?: boolean | undefined },
): DatePoint | null {
  const { bc, dualYear, calendar, isYearWrittenOut } = options
  // A dual year's second year (the one GEDCOM 7.0 writes) must be a year too.
  if (!Number.isInteger(year) || year > (dualYear ? 9998 : 9999) || year < (bc || isYearWrittenOut ? 1 : 100) || (bc && dualYear)) return null
  if (month !== undefined && !(Number.isInteger(month) && month >= 1 && month <= 12)) return null
  if (day !== undefined && (month === undefined || !Number.isInteger(day) || day < 1 || day > daysInMonth(year, month, options))) return null
  const point: DatePoint = { year }
  if (month !== undefined) point.month = month
  if (day !== undefined) point.day = day
  if (bc) point.bc = true
  if (dualYear) point.dualYear = true
  if (calendar === 'julian') point.calendar = 'julian'
  return point
}

function daysInMonth(
  year: number,
  month: number,
  { bc, dualYear, calendar }: { bc?: boolean | undefined; dualYear?: boolean | undefined; calendar?: Calendar | undefined },
): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  const astronomical = bc ? 1 - year : dualYear ? year + 1 : year
  const byFour = ((astronomical % 4) + 4) % 4 === 0
  // Double dating belongs to the Old Style, so its February follows the Julian rule.
  const julian = calendar === 'julian' || dualYear
  const leap = julian ? byFour : byFour && (astronomical % 100 !== 0 || astronomical % 400 === 0)
  return leap ? 29 : 28
}
