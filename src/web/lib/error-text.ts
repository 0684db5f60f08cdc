import type { TFunction } from 'i18next'
import { ApiError } from './api-client.ts'

const mebibyte = 1024 * 1024

/** "5 MB", "100 MB", "4 GB" ("4 Go" in French): binary units, as the limits are set. */
function byteSize(t: TFunction, bytes: number): string {
  const inGigabytes = bytes >= 1024 * mebibyte
  const amount = Math.round((bytes / (inGigabytes ? 1024 * mebibyte : mebibyte)) * 10) / 10
  return t(inGigabytes ? 'errors:size_gigabytes' : 'errors:size_megabytes', { amount })
}

/**
 * The translated text for an error: the server's stable code looked up in the `errors`
 * catalogue (`errors:<code>`), else `fallbackKey` (a key of the caller's own namespace).
 */
export function errorText(t: TFunction, error: unknown, fallbackKey?: string): string {
  const code = error instanceof ApiError ? error.code : 'internal'
  // A refused size names the limit of the route that refused it (a photo, a GEDCOM, an archive).
  if (error instanceof ApiError && code === 'payload_too_large' && error.maxBytes !== undefined) {
    return t('errors:payload_too_large_limit', { size: byteSize(t, error.maxBytes) })
  }
  const fallback = fallbackKey ? t(fallbackKey) : t('errors:internal')
  return t(`errors:${code}`, { defaultValue: fallback })
}

/** The translated text of a field's issue in a `validation_failed` answer, if it has one. */
export function fieldErrorText(t: TFunction, error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const code = error.fieldCode(path)
  return code ? t(`errors:${code}`) : undefined
}
