import { betterAuth } from 'better-auth'
import type { Kysely } from 'kysely'
import { limits } from '../../../shared/limits.ts'
import type { Dialect } from '../../db/database.ts'
import { newId } from '../../lib/ids.ts'

export interface AuthOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-auth takes an untyped Kysely
  raw: Kysely<any>
  dialect: Dialect
  secret: string
  /** Public origin: PUBLIC_URL, else the local address. Only links in e-mails would use it. */
  baseURL: string
  log(level: 'info' | 'warn' | 'error' | 'debug', message: string): void
  /**
   * Receives each password-reset token made for a person (by mail, or printed for the operator).
   * Without it better-auth makes no tokens, though it still accepts those made elsewhere.
   */
  onResetToken?: (user: ResetTokenOwner, token: string) => Promise<void>
}

/** Whose token it is, as better-auth reads the user row. */
export interface ResetTokenOwner {
  id: string
  email: string
  name: string
  preferredLanguage?: string | null
}

/** How long a reset link works after it was made (one hour); it works once. */
export const resetLinkLifetimeSeconds = 60 * 60

const instantFields = { createdAt: 'created_at', updatedAt: 'updated_at' }

/** A session lives 30 days, and its expiry slides forward at most once a day while it is used. */
export const sessionLifetime = { expiresInSeconds: 60 * 60 * 24 * 30, updateAgeSeconds: 60 * 60 * 24 }

/**
 * better-auth, configured onto our own tables (migration 0001, snake_case). Its CSRF and rate
 * limiting are off because the app does both once for every route (ADR 0005): the origin check
 * plugin and the failed-login limiter.
 */
export function createAuth({ raw, dialect, secret, baseURL, log, onResetToken }: AuthOptions) {
  return betterAuth({
    appName: 'Legado',
    secret,
    baseURL,
    basePath: '/api/auth',
    database: { db: raw, type: dialect },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: limits.passwordMinLength,
      maxPasswordLength: limits.passwordMaxLength,
      resetPasswordTokenExpiresIn: resetLinkLifetimeSeconds,
      // As a password change does: whoever knew the old password is out on their next request.
      revokeSessionsOnPasswordReset: true,
      ...(onResetToken ? { sendResetPassword: ({ user, token }: { user: ResetTokenOwner; token: string }) => onResetToken(user, token) } : {}),
    },
    user: {
      fields: { emailVerified: 'email_verified', ...instantFields },
      additionalFields: {
        birthDate: { type: 'string', required: false, input: true, fieldName: 'birth_date' },
        familyRelation: { type: 'string', required: false, input: true, fieldName: 'family_relation' },
        preferredLanguage: { type: 'string', required: false, input: true, fieldName: 'preferred_language' },
      },
    },
    session: {
      fields: { expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', userId: 'user_id', ...instantFields },
      expiresIn: sessionLifetime.expiresInSeconds,
      updateAge: sessionLifetime.updateAgeSeconds,
    },
    account: {
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...instantFields,
      },
    },
    verification: { fields: { expiresAt: 'expires_at', ...instantFields } },
    advanced: {
      cookiePrefix: 'legado',
      disableCSRFCheck: true,
      database: { generateId: () => newId() },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: 'error', log: (level, message) => log(level, message) },
  })
}

export type Auth = ReturnType<typeof createAuth>
