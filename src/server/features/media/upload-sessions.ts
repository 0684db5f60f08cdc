import { createHash, timingSafeEqual } from 'node:crypto'

interface Checked {
  /** sha256 of the Cookie header whose session was verified. */
  cookie: Buffer
  user: string
  /** The Origin header of the request verified (undefined: none), which the origin check let through. */
  origin: string | undefined
  /** When the session was last verified (ms). */
  at: number
}

/** Past this many remembered uploads, the expired ones are dropped on the next remember. */
const pruneAbove = 256

/**
 * The session of each upload under way, verified once and then trusted for `recheckMs`: the
 * chunks of an upload (a PATCH every 256 KiB) that carry the very Cookie header whose session was
 * verified, on an upload that session was allowed to touch, skip the session's query. Every other
 * request checks the session as any request does, so a revoked cookie is refused on the next
 * ordinary request; an upload under way stops within `recheckMs` of its session's revocation.
 * Kept in this process only: a chunk another instance receives is checked there.
 */
export function createUploadSessions({ recheckMs, now = Date.now }: { recheckMs: number; now?: () => number }) {
  const checked = new Map<string, Checked>()
  const digest = (cookie: string) => createHash('sha256').update(cookie).digest()
  const isFresh = (entry: Checked, at: number) => at - entry.at < recheckMs

  return {
    /**
     * The uploader of upload `id` when this Cookie header's session was verified for it lately,
     * on a request with this very Origin header (or none, as then); undefined: verify it.
     */
    uploaderOf(id: string, cookie: string | undefined, origin?: string): string | undefined {
      const entry = checked.get(id)
      if (!entry || !cookie || entry.origin !== origin) return undefined
      if (!isFresh(entry, now())) {
        checked.delete(id)
        return undefined
      }
      return timingSafeEqual(entry.cookie, digest(cookie)) ? entry.user : undefined
    },
    /** Remembers that the session of this Cookie header, `user`'s, was just verified for upload `id` on a request from `origin`. */
    remember(id: string, cookie: string | undefined, user: string, origin?: string): void {
      if (!cookie) return
      const at = now()
      if (checked.size >= pruneAbove) {
        for (const [key, entry] of checked) if (!isFresh(entry, at)) checked.delete(key)
      }
      checked.set(id, { cookie: digest(cookie), user, origin, at })
    },
    /** The upload ended (finished, cancelled or refused). */
    forget(id: string): void {
      checked.delete(id)
    },
  }
}
export type UploadSessions = ReturnType<typeof createUploadSessions>
