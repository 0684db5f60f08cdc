import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readCookie } from '../../lib/cookies.ts'

const cookieName = 'legado.device'
/** Where a sign-in is posted: the JSON routes, and the sign-in page (its form without JavaScript). */
const signInPaths = ['/api/auth', '/login']
/** A year: a device that signs in at least that often stays known. */
const maxAgeSeconds = 365 * 24 * 60 * 60

/**
 * The mark a browser keeps once it has signed in to an account ("device cookies"): an id of the
 * device and an HMAC of that id with the account's e-mail, so it names the account without showing
 * it and cannot be made for an account nobody signed in to from that browser. Sign-in limits treat
 * a device that carries one for the e-mail it signs in to as its owner's: a stranger's guesses at
 * the e-mail, or at every account, never hold it back (docs/product.md#sign-in-limits).
 */
export function createDeviceCookies(secret: string) {
  // Its own key, derived from the auth secret: a device mark can never pass for a session token.
  const key = Buffer.from(`${secret}:device-cookies`, 'utf8')
  const sign = (deviceId: string, email: string) => createHmac('sha256', key).update(`${deviceId}\n${email}`).digest()
  return {
    /** The id of the device whose cookie (in a Cookie header) names `email`; undefined without a valid one. */
    deviceOf(cookieHeader: string | null | undefined, email: string): string | undefined {
      const value = cookieHeader ? readCookie(cookieHeader, cookieName) : undefined
      const [deviceId, signature, ...rest] = value?.split('.') ?? []
      if (!deviceId || !signature || rest.length > 0 || !/^[\w-]{16,64}$/.test(deviceId)) return undefined
      const given = Buffer.from(signature, 'base64url')
      const expected = sign(deviceId, email)
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined
    },

    /**
     * The Set-Cookies that mark this browser as signed in to `email`, keeping its device id if it
     * had one: the same mark for each path a sign-in is posted to, the JSON route and the sign-in
     * page's form posted without JavaScript, and no other. Strict, as the sign-in form is always
     * the app's own page.
     */
    issue(email: string, deviceId: string = randomBytes(16).toString('base64url')): string[] {
      const value = `${deviceId}.${sign(deviceId, email).toString('base64url')}`
      return signInPaths.map((path) => `${cookieName}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict`)
    },
  }
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>
