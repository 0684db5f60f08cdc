import type { z } from 'zod'
import type { ChangePassword, DeleteAccount, Me, SignIn, signUpSchema, updateMeSchema } from '../../../shared/contracts/account.ts'
import type { PortableAccount } from '../../../shared/contracts/portability.ts'
import { toCalendarDate } from '../../../shared/genealogy-date/index.ts'
import { defaultLanguage, isLanguage, type Language } from '../../../shared/limits.ts'
import { AppError, invalidField, notFound } from '../../lib/app-error.ts'
import { readWrittenDate } from '../../lib/written-date.ts'
import { takeEach, type AttemptLimiter, type AttemptTicket } from '../../lib/attempt-limiter.ts'
import type { BackoffLimiter } from '../../lib/backoff-limiter.ts'
import { addressKey } from '../../lib/client-address.ts'
import type { Collection } from '../../lib/collection-versions.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { Auth } from './account.auth.ts'
import type { AccountRepository } from './account.repository.ts'
import type { UserRow } from './account.tables.ts'
import type { DeviceCookies } from './device-cookies.ts'
import type { SessionVerifier } from './session-verifier.ts'
import { isCommonPassword } from './common-passwords.ts'

interface Deps {
  auth: Auth
  repo: AccountRepository
  /** The fast check of a session cookie on every authenticated request. */
  sessions: SessionVerifier
  /**
   * Password attempts, counted before the password is checked (docs/product.md#sign-in-limits). A sign-in
   * from a known device counts against that device alone; any other counts against its address,
   * then its e-mail (waits that grow with the failures, never a lock-out), then every account
   * together. A password given again from a signed-in session (to change it, to delete the
   * account) counts against the account, apart from strangers' guesses at its e-mail.
   */
  limiters: { perDevice: AttemptLimiter; perAddress: AttemptLimiter; perEmail: BackoffLimiter; overall: AttemptLimiter; perAccount: BackoffLimiter }
  /** The marks of browsers that have signed in before, which the sign-in limits trust. */
  devices: DeviceCookies
  /**
   * Sign-ups per address and overall: registration says which e-mails have an account, so how
   * often it may be asked is the control (and it keeps a script from filling the database).
   */
  signUpLimiters: { perAddress: AttemptLimiter; overall: AttemptLimiter }
  /**
   * What other features keep of a person outside the rows that cascade from the user: run before
   * the user goes (while the person can still be found) and after (objects in storage).
   */
  erasure: { beforeUserDeleted(userId: string): Promise<void>; afterUserDeleted(userId: string): Promise<void> }
  /**
   * Makes the person's own card in their family tree from what they gave at sign-up, so the
   * biography can keep their memories from the first message (docs/product.md#sign-up).
   */
  createOwnCard(userId: string, card: { fullName: string; birthDate: string | null; language: Language }): Promise<void>
  log: { error(details: object, message: string): void }
}

/** A live session's user, a renewed cookie when its expiry slid forward, and a list's version when asked. */
export interface FoundSession {
  user: { id: string; email: string }
  cookies: string[]
  collectionVersion: string | null
}

export interface AuthResult {
  user: Me
  /** Session cookies to hand to the browser. */
  cookies: string[]
}

function toMe(row: UserRow): Me {
  return {
    id: row.id,
    email: row.email,
    displayName: row.name,
    birthDate: row.birthDate,
    familyRelation: row.familyRelation ?? '',
    preferredLanguage: isLanguage(row.preferredLanguage) ? row.preferredLanguage : null,
    createdAt: toIsoString(row.createdAt),
  }
}

async function userIdOf(response: Response): Promise<string> {
  const body = (await response.json()) as { user?: { id?: unknown } }
  if (typeof body.user?.id !== 'string') throw new Error('better-auth answered without a user')
  return body.user.id
}

export function createAccountService({ auth, repo, sessions, limiters, devices, signUpLimiters, erasure, createOwnCard, log }: Deps) {
  /** Whether `password` is the signed-in person's, guesses counted against their account. */
  async function checkPassword(user: { id: string; email: string }, password: string, field: string): Promise<void> {
    const ticket = await limiters.perAccount.take(user.id)
    const context = await auth.$context
    const credential = await context.internalAdapter.findCredentialAccount(user.id)
    if (!credential?.password || !(await context.password.verify({ hash: credential.password, password }))) {
      throw invalidField(field, 'auth.wrong_password', 'The password is not right')
    }
    await ticket.giveBack()
    await limiters.perAccount.reset(user.id)
  }

  /**
   * A sign-in attempt counted where it belongs. A known device spends its own budget; once that is
   * spent it is treated as any other browser, so a stolen mark buys only a few more guesses.
   */
  async function takeSignInAttempt(email: string, address: string, deviceId: string | undefined): Promise<AttemptTicket> {
    if (deviceId) {
      try {
        return await limiters.perDevice.take([deviceId])
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'rate_limited')) throw error
      }
    }
    // The address first: a request refused there opens no window for its (perhaps made-up) e-mail.
    return takeEach([() => limiters.perAddress.take([addressKey(address)]), () => limiters.perEmail.take(email), () => limiters.overall.take(['all'])])
  }

  /**
   * The signed-in user of a request, checked by the session verifier; about once a day per
   * session, better-auth slides the session's expiry forward and renews its cookie (`cookies`).
   */
  async function findSession(headers: Headers, collection?: Collection): Promise<FoundSession | null> {
    const cookieName = (await auth.$context).authCookies.sessionToken.name
    const verified = await sessions.verify(headers.get('cookie') ?? undefined, cookieName, collection)
    if (!verified) return null
    const { user, collectionVersion } = verified
    if (!verified.refreshDue) return { user, cookies: [], collectionVersion }
    const renewed = await auth.api.getSession({ headers, asResponse: true })
    return { user, cookies: renewed.headers.getSetCookie(), collectionVersion }
  }

  async function getMe(userId: string): Promise<Me> {
    const row = await repo.findUserById(userId)
    if (!row) throw notFound('User')
    return toMe(row)
  }

  return {
    getMe,
    findSession,

    async updateMe(userId: string, patch: z.output<typeof updateMeSchema>): Promise<Me> {
      const { displayName, ...rest } = patch
      await repo.updateProfile(userId, { ...rest, ...(displayName === undefined ? {} : { name: displayName }) })
      return getMe(userId)
    },

    /** The profile as an export carries it (the e-mail is informative: an import never changes it). */
    async exportProfile(userId: string): Promise<PortableAccount> {
      const { id: _id, ...profile } = await getMe(userId)
      return profile
    },

    /**
     * Fills, from an export, the profile fields the signed-in account has left empty; what the
     * person already set here is theirs and stays.
     */
    async restoreProfile(userId: string, profile: PortableAccount): Promise<void> {
      const me = await getMe(userId)
      await repo.updateProfile(userId, {
        ...(me.displayName.trim() === '' && profile.displayName.trim() !== '' ? { name: profile.displayName.trim() } : {}),
        ...(me.birthDate === null && profile.birthDate ? { birthDate: profile.birthDate } : {}),
        ...(me.familyRelation === '' && profile.familyRelation ? { familyRelation: profile.familyRelation } : {}),
        ...(me.preferredLanguage === null && profile.preferredLanguage ? { preferredLanguage: profile.preferredLanguage } : {}),
      })
    },

    /** Input already validated by `signUpSchema`. */
    async signUp(input: z.output<typeof signUpSchema>, headers: Headers, address: string): Promise<AuthResult> {
      await takeEach([() => signUpLimiters.perAddress.take([addressKey(address)]), () => signUpLimiters.overall.take(['all'])])
      if (isCommonPassword(input.password)) {
        throw invalidField('password', 'auth.password_too_common', 'This password is among the most common ones')
      }
      // The birth date is checked before the account exists, by the rule every date of the tree follows.
      const language = input.preferredLanguage ?? defaultLanguage
      const birth = readWrittenDate(input.birthDate ?? null, language)
      if (birth.code) throw invalidField('birthDate', birth.code, 'The birth date is not right')
      const response = await auth.api.signUpEmail({
        body: {
          name: input.name,
          email: input.email,
          password: input.password,
          // The account's field is a calendar day; a date known only in part lives on the card alone.
          birthDate: toCalendarDate(birth.value) ?? undefined,
          familyRelation: input.familyRelation,
          preferredLanguage: input.preferredLanguage ?? undefined,
        },
        headers,
        asResponse: true,
      })
      if (response.status === 422) throw new AppError('auth.email_taken', 'This e-mail address is already registered')
      if (!response.ok) throw new Error(`better-auth sign-up answered ${response.status}: ${await response.text()}`)
      const user = await getMe(await userIdOf(response))
      if (input.name.trim() !== '') {
        // The account exists by now: a card that cannot be made is offered again by the biography, not a failed sign-up.
        await createOwnCard(user.id, { fullName: input.name, birthDate: input.birthDate ?? null, language }).catch((error: unknown) =>
          log.error({ err: error }, 'the own card of a new account could not be made'),
        )
      }
      return { user, cookies: [...response.headers.getSetCookie(), ...devices.issue(user.email)] }
    },

    /**
     * An unknown e-mail and a wrong password answer alike. Every attempt is counted before the
     * password is checked, so simultaneous guesses cannot slip past the limits; a success gives
     * its attempt back, forgets the e-mail's and the device's failures, and marks the device as
     * known for this e-mail.
     */
    async signIn(input: SignIn, headers: Headers, address: string): Promise<AuthResult> {
      const deviceId = devices.deviceOf(headers.get('cookie'), input.email)
      const ticket = await takeSignInAttempt(input.email, address, deviceId)
      const response = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true })
      if (response.status === 401 || response.status === 400) throw new AppError('auth.invalid_credentials', 'Wrong e-mail or password')
      await ticket.giveBack()
      if (!response.ok) throw new Error(`better-auth sign-in answered ${response.status}: ${await response.text()}`)
      await Promise.all([limiters.perEmail.reset(input.email), deviceId ? limiters.perDevice.reset([deviceId]) : undefined])
      return { user: await getMe(await userIdOf(response)), cookies: [...response.headers.getSetCookie(), ...devices.issue(input.email, deviceId)] }
    },

    /**
     * A new password for the signed-in person, who must give the current one. Guesses at it count
     * against the account, with waits that grow as a sign-in's do, so an open session on a shared
     * computer is no back door for guessing, and strangers guessing at the e-mail never hold the
     * owner back. Every session ends, on every device, and this one is replaced by a fresh
     * session: whoever knew the old password is out on their next request.
     */
    async changePassword(user: { id: string; email: string }, input: ChangePassword, headers: Headers): Promise<AuthResult> {
      const ticket = await limiters.perAccount.take(user.id)
      if (isCommonPassword(input.newPassword)) {
        await ticket.giveBack()
        throw invalidField('newPassword', 'auth.password_too_common', 'This password is among the most common ones')
      }
      const response = await auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers,
        asResponse: true,
      })
      if (response.status === 400 || response.status === 401) {
        throw invalidField('currentPassword', 'auth.wrong_password', 'The current password is not right')
      }
      await ticket.giveBack()
      if (!response.ok) throw new Error(`better-auth change-password answered ${response.status}: ${await response.text()}`)
      await Promise.all([limiters.perAccount.reset(user.id), limiters.perEmail.reset(user.email)])
      return { user: await getMe(user.id), cookies: response.headers.getSetCookie() }
    },

    /**
     * Erases the account and everything in it: every row (sessions included, so every device is
     * signed out on its next request) and every stored object. The rows go first: an object left
     * by a failure afterwards belongs to nobody and is found by the integrity check, whereas a
     * row without its object would be a broken photo in an account that still exists.
     */
    async deleteAccount(user: { id: string; email: string }, input: DeleteAccount): Promise<void> {
      await checkPassword(user, input.password, 'password')
      await erasure.beforeUserDeleted(user.id)
      await repo.deleteUser(user.id)
      await erasure.afterUserDeleted(user.id)
    },

    /** better-auth endpoints we expose as they are (sign-out, get-session). */
    forward(request: Request): Promise<Response> {
      return auth.handler(request)
    },

    async findSessionUser(headers: Headers): Promise<{ id: string; email: string } | null> {
      return (await findSession(headers))?.user ?? null
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
