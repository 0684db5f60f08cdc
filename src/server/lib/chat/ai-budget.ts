import { AppError } from '../app-error.ts'
import type { RateLimitStore } from '../rate-limit-store.ts'

export interface AiBudgetLimits {
  /** Characters sent to and received from the model, by every person together, per hour. */
  charsPerHour: number
  /** The same per day. */
  charsPerDay: number
}

/**
 * The server's AI spend, in characters (a fair stand-in for tokens across providers): every
 * request reserves its prompt before it goes, atomically, and is refused with 429 when the hour's
 * or the day's budget is spent; the reply's characters are added once known. Shared through Redis
 * when several instances run.
 */
export function createAiBudget(store: RateLimitStore, { charsPerHour, charsPerDay }: AiBudgetLimits) {
  const windows = [
    { key: 'ai-budget:hour', max: charsPerHour, ms: 60 * 60 * 1000 },
    { key: 'ai-budget:day', max: charsPerDay, ms: 24 * 60 * 60 * 1000 },
  ]
  return {
    /** Reserves `chars` for a prompt; throws `rate_limited` (nothing reserved) when a budget would be exceeded. */
    async reserve(chars: number): Promise<void> {
      const counts = await Promise.all(windows.map((window) => store.increment(window.key, window.ms, chars)))
      const over = windows.flatMap((window, index) => (counts[index]!.count > window.max ? [counts[index]!.resetInMs] : []))
      if (over.length === 0) return
      await Promise.all(windows.map((window) => store.decrement(window.key, chars)))
      throw new AppError('rate_limited', 'The AI budget of this server is spent for now', undefined, { 'Retry-After': String(Math.max(Math.ceil(Math.max(...over) / 1000), 1)) })
    },
    /** Adds what a reply cost, which is known only once it is written. */
    async spend(chars: number): Promise<void> {
      await Promise.all(windows.map((window) => store.increment(window.key, window.ms, chars)))
    },
  }
}
export type AiBudget = ReturnType<typeof createAiBudget>
