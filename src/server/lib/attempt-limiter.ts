import { AppError } from './app-error.ts'
import type { RateLimitStore } from './rate-limit-store.ts'

export interface AttemptLimit {
  /** Attempts allowed per key within the window. */
  max: number
  windowMs: number
}

/**
 * Counts attempts per key (a wrong password, a contact message) and refuses further ones with 429
 * and Retry-After once a key has used up its window. The caller decides what counts as an attempt.
 */
export function createAttemptLimiter(store: RateLimitStore, limit: AttemptLimit, name: string) {
  const key = (part: string) => `${name}:${part}`
  return {
    /** Throws `rate_limited` if any of `parts` has no attempts left. */
    async assertAllowed(parts: string[]): Promise<void> {
      const counts = await Promise.all(parts.map((part) => store.get(key(part))))
      const blocked = counts.filter((c) => c.count >= limit.max)
      if (blocked.length === 0) return
      const retryAfter = Math.ceil(Math.max(...blocked.map((c) => c.resetInMs)) / 1000)
      throw new AppError('rate_limited', 'Too many attempts; try again later', undefined, {
        'Retry-After': String(Math.max(retryAfter, 1)),
      })
    },
    async record(parts: string[]): Promise<void> {
      await Promise.all(parts.map((part) => store.increment(key(part), limit.windowMs)))
    },
    async reset(parts: string[]): Promise<void> {
      await Promise.all(parts.map((part) => store.reset(key(part))))
    },
  }
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>
