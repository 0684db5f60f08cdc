import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'

/**
 * The screen's own failure sentence (e.g. "Error al guardar el sueño."), followed by
 * the translated reason when the server gave one more telling than a plain internal error.
 */
export function failureText(t: TFunction<'dreams'>, error: unknown, key: string): string {
  const sentence = t(key)
  if (!(error instanceof ApiError) || error.code === 'internal') return sentence
  return `${sentence} ${errorText(t as TFunction, error)}`
}
