import type { TFunction } from 'i18next'
import { ApiError } from './api-client.ts'

/**
 * The translated text for an error: the server's stable code looked up in the `errors`
 * catalogue (`errors:<code>`), else `fallbackKey` (a key of the caller's own namespace).
 */
export function errorText(t: TFunction, error: unknown, fallbackKey?: string): string {
  const code = error instanceof ApiError ? error.code : 'internal'
  const fallback = fallbackKey ? t(fallbackKey) : t('errors:internal')
  return t(`errors:${code}`, { defaultValue: fallback })
}

/** The translated text of a field's issue in a `validation_failed` answer, if it has one. */
export function fieldErrorText(t: TFunction, error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const code = error.fieldCode(path)
  return code ? t(`errors:${code}`) : undefined
}
