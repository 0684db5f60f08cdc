import { AppError } from '../app-error.ts'
import type { RateLimitStore } from '../rate-limit-store.ts'

export interface AiBudgetLimits {
  /** Characters sent to and received from the model, by every person together, per hour. */
  charsPerHour: number
  /** The same per day. */
  charsPerDay: number
  /** The fraction of each of them one person may spend (1: no share of their own). */
  personShare: number
}

interface BudgetWindow {
  key: string
  max: number
  ms: number
  /** What a refusal by this window says, for logs and API clients. */
  message: string
}

const hourMs = 60 * 60 * 1000

/**
 * The server's AI spend, in characters (a fair stand-in for tokens across providers): every
 * request reserves its prompt before it goes, atomically, and is refused with 429 when the hour's
 * or the day's budget is spent, for everyone or for the person asking; the reply's characters are
 * added to both once known. A person's share keeps one account from spending the whole budget, so
 * the others still get replies. Shared through Redis when several instances run.
 */
export function createAiBudget(store: RateLimitStore, { charsPerHour, charsPerDay, personShare }: AiBudgetLimits) {
  const server = 'The AI budget of this server is spent for now'
  const own = 'Your share of this server’s AI budget is spent for now'
  const windowsOf = (userId: string): BudgetWindow[] => [
    { key: 'ai-budget:hour', max: charsPerHour, ms: hourMs, message: server },
    { key: 'ai-budget:day', max: charsPerDay, ms: 24 * hourMs, message: server },
    { key: `ai-budget-person:hour:${userId}`, max: Math.max(Math.floor(charsPerHour * personShare), 1), ms: hourMs, message: own },
    { key: `ai-budget-person:day:${userId}`, max: Math.max(Math.floor(charsPerDay * personShare), 1), ms: 24 * hourMs, message: own },
  ]
  return {
    /** Reserves `chars` of `userId`'s prompt; throws `rate_limited` (nothing reserved) when a budget or their share would be exceeded. */
    async reserve(userId: string, chars: number): Promise<void> {
      const windows = windowsOf(userId)
      const counts = await Promise.all(windows.map((window) => store.increment(window.key, window.ms, chars)))
      const over = windows.flatMap((window, index) => (counts[index]!.count > window.max ? [{ window, resetInMs: counts[index]!.resetInMs }] : []))
      if (over.length === 0) return
      await Promise.all(windows.map((window) => store.decrement(window.key, chars)))
      const longest = over.reduce((a, b) => (b.resetInMs > a.resetInMs ? b : a))
      throw new AppError('rate_limited', longest.window.message, undefined, { 'Retry-After': String(Math.max(Math.ceil(longest.resetInMs / 1000), 1)) })
    },
    /** Adds what `userId`'s reply cost, which is known only once it is written. */
    async spend(userId: string, chars: number): Promise<void> {
      await Promise.all(windowsOf(userId).map((window) => store.increment(window.key, window.ms, chars)))
    },
  }
}
export type AiBudget = ReturnType<typeof createAiBudget>
