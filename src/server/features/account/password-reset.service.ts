import type { RequestPasswordReset, ResetPassword } from '../../../shared/contracts/account.ts'
import { AppError, invalidField } from '../../lib/app-error.ts'
import { takeEach, type AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { addressKey } from '../../lib/client-address.ts'
import type { Auth } from './account.auth.ts'
import { isCommonPassword } from './common-passwords.ts'

/** The page a reset link opens; the token rides in the fragment, which no server, log or Referer sees. */
export function resetLink(origin: string, token: string): string {
  return `${origin}/reset-password#token=${encodeURIComponent(token)}`
}

interface Deps {
  auth: Auth
  /** `email` when better-auth was given a way to mail links; `operator` when the operator hands them out. */
  delivery: 'email' | 'operator'
  /**
   * Requests per address and per e-mail: each may send a mail to someone, so a stranger must not
   * be able to fill an inbox or the mail server's quota.
   */
  limiters: { perAddress: AttemptLimiter; perEmail: AttemptLimiter }
  warn(message: string): void
}

/** A forgotten password (docs/product.md#forgotten-password): a one-time link, then a new password. */
export function createPasswordResetService({ auth, delivery, limiters, warn }: Deps) {
  return {
    delivery,

    /**
     * Mails a link if the e-mail has an account. The answer is the same either way, and takes as
     * long: the mail goes out after the answer (see `mailResetLinks`).
     */
    async request({ email }: RequestPasswordReset, address: string): Promise<void> {
      await takeEach([() => limiters.perAddress.take([addressKey(address)]), () => limiters.perEmail.take([email])])
      if (delivery === 'operator') {
        warn('a password reset was asked, and no mail server is configured (SMTP_URL): the person can ask the operator for a link (npm run reset-link)')
        return
      }
      await auth.api.requestPasswordReset({ body: { email } })
    },

    /** Sets the new password and ends every session of the person; the link works once. */
    async reset({ token, newPassword }: ResetPassword): Promise<void> {
      if (isCommonPassword(newPassword)) throw invalidField('newPassword', 'auth.password_too_common', 'This password is among the most common ones')
      const response = await auth.api.resetPassword({ body: { token, newPassword }, asResponse: true })
      if (response.status === 400) throw new AppError('auth.reset_link_invalid', 'This reset link was used, has expired or never existed')
      if (!response.ok) throw new Error(`better-auth reset-password answered ${response.status}: ${await response.text()}`)
    },
  }
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>
