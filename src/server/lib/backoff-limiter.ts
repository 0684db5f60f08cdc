import { tooManyAttempts, type AttemptTicket } from './attempt-limiter.ts'
import type { RateLimitStore } from './rate-limit-store.ts'

export interface Backoff {
  /** Attempts that may follow each other without waiting; the last of them, and each one after, makes the next wait. */
  freeAttempts: number
  /** The wait after the first attempt that is not free; it doubles with every further one. */
  firstWaitMs: number
  /** The longest wait: past it the wait stops growing, so a guessing run never becomes a lock-out. */
  maxWaitMs: number
  /** How long attempts are remembered (from the first); a success forgets them at once. */
  memoryMs: number
}

/**
 * Attempts per key whose waits grow with them: a few go freely, then each one makes the next wait
 * (seconds at first, doubling up to `maxWaitMs`). Two counters in the store: the attempts of the
 * key, and a gate that the attempt allowed through holds closed for its wait. Both are counted
 * before the attempt is checked and atomically, so of a burst of simultaneous attempts only the
 * free ones and one more get through; a refused attempt is given back at once.
 */
export function createBackoffLimiter(store: RateLimitStore, backoff: Backoff, name: string) {
  const attemptsKey = (part: string) => `${name}:${part}`
  const gateKey = (part: string) => `${name}-gate:${part}`
  const waitAfter = (attempt: number) => Math.min(backoff.firstWaitMs * 2 ** (attempt - backoff.freeAttempts), backoff.maxWaitMs)
  return {
    /** Counts an attempt for `part`; throws `rate_limited` (nothing counted) while the last one's wait runs. */
    async take(part: string): Promise<AttemptTicket> {
      const attempt = (await store.increment(attemptsKey(part), backoff.memoryMs)).count
      if (attempt < backoff.freeAttempts) return { giveBack: () => store.decrement(attemptsKey(part)) }
      const gate = await store.increment(gateKey(part), waitAfter(attempt))
      if (gate.count > 1) {
        await Promise.all([store.decrement(attemptsKey(part)), store.decrement(gateKey(part))])
        throw tooManyAttempts(gate.resetInMs)
      }
      return { giveBack: async () => void (await Promise.all([store.decrement(attemptsKey(part)), store.decrement(gateKey(part))])) }
    },
    /** Forgets every attempt of `part` and any wait it is under (after a success). */
    async reset(part: string): Promise<void> {
      await Promise.all([store.reset(attemptsKey(part)), store.reset(gateKey(part))])
    },
  }
}
export type BackoffLimiter = ReturnType<typeof createBackoffLimiter>
