import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client.ts'

/** Answers whose own text tells the user more than the form's generic failure. */
const explainedCodes = new Set(['rate_limited', 'network_error'])

/**
 * The login texts of docs/product.md#login. Unknown e-mail and wrong password answer alike (`auth.invalid_credentials`)
 * so the form never reveals which accounts exist.
 */
export function signInErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'auth.invalid_credentials') return t('errors:auth.invalid_credentials')
    if (error.code === 'validation_failed' && error.fieldCode('email')) return t('errors:validation.invalid_email')
    if (explainedCodes.has(error.code)) return t(`errors:${error.code}`)
  }
  return t('auth:login.error')
}

/** The sign-up texts of docs/product.md#sign-up; a field issue the server found is shown by its own text. */
export function signUpErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'auth.email_taken' || explainedCodes.has(error.code)) return t(`errors:${error.code}`)
    const firstIssue = error.code === 'validation_failed' ? error.details[0] : undefined
    if (firstIssue) return t(`errors:${firstIssue.code}`)
  }
  return t('auth:signup.error')
}

/**
 * Where to go after signing in: the protected page the guard sent the user away from, if it is a
 * path of this site (never another origin), else the dashboard.
 */
export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined
  // Only a path of this site: '//host' and '/\\host' are read by browsers as another site.
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && from !== '/login' && from !== '/signup') return from
  return '/dashboard'
}
