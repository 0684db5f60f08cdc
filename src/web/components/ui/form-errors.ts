import type { TFunction } from 'i18next'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../lib/api-client.ts'

/**
 * Form messages hold a translation key rather than text, so they follow a language change:
 * a shared field code (`validation.required`) lives in `errors`, a form's own message is a full
 * `namespace:key`.
 */
export function fieldMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined
  return t(message.includes(':') ? message : `errors:${message}`)
}

/**
 * Puts the server's field issues of a `validation_failed` answer on the matching form fields.
 * Returns true when at least one field received an issue.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return false
  let applied = false
  for (const field of fields) {
    const code = error.fieldCode(field)
    if (!code) continue
    setError(field, { type: 'server', message: code }, { shouldFocus: !applied })
    applied = true
  }
  return applied
}

/** The server's field issues of a `validation_failed` answer, one translation key per field of `fields`. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return {}
  const found: Record<string, string> = {}
  for (const field of fields) {
    const code = error.fieldCode(field)
    if (code) found[field] = code
  }
  return found
}
