import type { TFunction } from 'i18next'
import { signInFailure, signUpFailure } from '../../../../shared/forms/form-failure.ts'
import { ApiError } from '../../../lib/api-client.ts'

/** The login texts of docs/product.md#login (the rules are shared with the form posted without JavaScript). */
export function signInErrorText(t: TFunction, error: unknown): string {
  return t(error instanceof ApiError ? signInFailure(error).key : 'auth:login.error')
}

/** The sign-up texts of docs/product.md#sign-up; a field issue the server found is shown by its own text. */
export function signUpErrorText(t: TFunction, error: unknown): string {
  return t(error instanceof ApiError ? signUpFailure(error).key : 'auth:signup.error')
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
