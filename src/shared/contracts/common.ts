import { z } from 'zod'
import { isCalendarDate, todayCalendarDate } from '../calendar-date.ts'
import type { StoredGenealogyDate } from '../genealogy-date/stored.ts'
import { genealogyDateMaxLength, validateGenealogyDate, type GenealogyDateIssue } from '../genealogy-date/validate.ts'
import { limits, type Language } from '../limits.ts'

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

/**
 * A date as the person wrote it, in `language` (or GEDCOM's own words); '' and null mean none.
 * What it means (and whether it is in the future, or a range back to front) is checked on the
 * server, which knows the language it is written in.
 */
export const writtenGenealogyDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(genealogyDateMaxLength, { error: 'validation.too_long' })
    .refine(isSingleLine, { error: 'validation.single_line' })
    .nullable()
    .optional(),
)

const writtenDateIssues: Record<GenealogyDateIssue, string> = {
  too_long: 'validation.too_long',
  in_future: 'validation.date_in_future',
  reversed_range: 'member.date_range_reversed',
}

/**
 * A date as the person writes it in a form ("hacia 1920", "entre 1920 y 1925"), checked in the
 * page's `language` before anything is sent; '' for none. The server reads it again.
 */
export function writtenGenealogyDateIn(language: Language) {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return
    // One day of slack: a time zone ahead of UTC may already be tomorrow.
    const today = todayCalendarDate(new Date(Date.now() + 24 * 60 * 60 * 1000))
    const { issue } = validateGenealogyDate(value, { language, today })
    if (issue) ctx.addIssue({ code: 'custom', message: writtenDateIssues[issue] })
  })
}
