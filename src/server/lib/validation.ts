import type { z } from 'zod'
import { isFieldErrorCode, type FieldErrorCode, type FieldIssue } from '../../shared/errors.ts'
import { AppError } from './app-error.ts'

interface LooseIssue {
  path: string
  /** zod's own issue code, e.g. `too_big`. */
  kind: string
  message: string
  /** Whether the value was missing altogether. */
  isMissing?: boolean
}

/**
 * Our field codes. Shared schemas put a code in each message ('dream.description_required');
 * anything else is named by zod's kind of issue.
 */
export function toFieldIssues(issues: LooseIssue[]): FieldIssue[] {
  return issues.map(({ path, kind, message, isMissing }) => {
    let code: FieldErrorCode = 'validation.invalid'
    if (isFieldErrorCode(message)) code = message
    else if (kind === 'too_big') code = 'validation.too_long'
    else if (isMissing) code = 'validation.required'
    return { path, code }
  })
}

export function fromZodIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return toFieldIssues(
    issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      kind: issue.code,
      message: issue.message,
      isMissing: issue.code === 'invalid_type' && / received undefined$/.test(issue.message),
    })),
  )
}

/** Parses `input` with `schema` or throws `validation_failed` naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) {
    throw new AppError('validation_failed', 'Request validation failed', fromZodIssues(result.error.issues))
  }
  return result.data
}
