import { AppError } from './app-error.ts'
import type { RateLimitStore } from './rate-limit-store.ts'

export interface FailureLimit {
  /** Failures allowed per key within the window. */
  max: number
  windowMs: number
}

/**
 * Counts failures (wrong passwords) per key and refuses further attempts with 429 and
 * Retry-After once a key has used up its window. Successes do not count.
 */
export function createFailureLimiter(store: RateLimitStore, limit: FailureLimit, name: string) {
  const key = (part: string) => `${name}:${part}`
  return {
    /** Throws `rate_limited` if any of `parts` has no attempts left. */
    async assertAllowed(parts: string[]): Promise<void> {
      const counts = await Promise.all(parts.map((part) => store.get(key(part))))
      const blocked = counts.filter((c) => c.count >= limit.max)
      if (blocked.length === 0) return
      const retryAfter = Math.ceil(Math.max(...blocked.map((c) => c.resetInMs)) / 1000)
      throw new AppError('rate_limited', 'Too many failed attempts; try again later', undefined, {
        'Retry-After': String(Math.max(retryAfter, 1)),
      })
    },
    async recordFailure(parts: string[]): Promise<void> {
      await Promise.all(parts.map((part) => store.increment(key(part), limit.windowMs)))
    },
    async reset(parts: string[]): Promise<void> {
      await Promise.all(parts.map((part) => store.reset(key(part))))
    },
  }
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>
