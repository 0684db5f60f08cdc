import { z } from 'zod'
import { isCalendarDate, todayCalendarDate } from '../calendar-date.ts'
import type { StoredGenealogyDate } from '../genealogy-date/stored.ts'
import { limits } from '../limits.ts'

/** `YYYY-MM-DD`, a real day of the calendar. */
export const calendarDateSchema = z.string({ error: 'validation.invalid_date' }).trim().refine(isCalendarDate, { error: 'validation.invalid_date' })

/** A calendar date that has already happened (one day of slack for time zones ahead of UTC). */
export const pastCalendarDateSchema = calendarDateSchema.refine((value) => value <= todayCalendarDate(new Date(Date.now() + 24 * 60 * 60 * 1000)), {
  error: 'validation.date_in_future',
})

/** An optional calendar date: empty string and null both mean "no date". */
export function optionalDate(schema: z.ZodType<string> = calendarDateSchema) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable().optional())
}

/**
 * Control characters: C0 (line breaks and tab among them), DEL, C1, and Unicode's line and
 * paragraph separators. None belongs in a one-line field: a name or a place is written into
 * headers, file names, logs and GEDCOM lines, where a line break starts something else.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** Whether `value` is one line of text with no control character (not even a tab). */
export function isSingleLine(value: string): boolean {
  return !controlCharacter.test(value)
}

/** One line of text (a name, a place, a title), trimmed, at most `max` characters; a line break, tab or other control character is refused. */
export function singleLineText(max: number) {
  return z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }).refine(isSingleLine, { error: 'validation.single_line' })
}

/** An optional line of text (see `singleLineText`); missing becomes ''. */
export function optionalSingleLineText(max: number) {
  return singleLineText(max).optional().default('')
}

/** Required free text, trimmed, with the feature's own "required" code; line breaks are kept. */
export function requiredText(max: number, requiredCode: string) {
  return z.string({ error: requiredCode }).trim().min(1, { error: requiredCode }).max(max, { error: 'validation.too_long' })
}

/** A required line of text (see `singleLineText`), with the feature's own "required" code. */
export function requiredSingleLineText(max: number, requiredCode: string) {
  return requiredText(max, requiredCode).refine(isSingleLine, { error: 'validation.single_line' })
}

export const emailSchema = z
  .string({ error: 'validation.invalid_email' })
  .trim()
  .toLowerCase()
  .max(limits.emailMaxLength, { error: 'validation.too_long' })
  .pipe(z.email({ error: 'validation.invalid_email' }))

export const idParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) })

/** ISO 8601 instant in UTC, as the API returns timestamps. */
export const timestampSchema = z.string()

/**
 * A genealogy date as stored and answered (`ABT 1920`, `1948-05-17`): a string in JSON, and to the
 * code a `StoredGenealogyDate`, which only the genealogy-date module reads or shows. The answer's
 * schema stays a plain string, so the API's documentation and checks see what travels.
 */
export const storedGenealogyDateSchema = z.string() as unknown as z.ZodType<StoredGenealogyDate, StoredGenealogyDate>
