import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'

/**
 * The screen's own failure sentence (e.g. "Hubo un problema al guardar este recuerdo."),
 * followed by the translated reason when the server gave one more telling than a plain internal
 * error; a reason that says it all (no self member) stands alone.
 */
export function failureText(t: TFunction<'biography'>, error: unknown, key: string): string {
  const sentence = t(key)
  if (!(error instanceof ApiError) || error.code === 'internal') return sentence
  const reason = errorText(t as TFunction, error)
  return error.code === 'biography.no_self_member' ? reason : `${sentence} ${reason}`
}
