import { AppError } from './app-error.ts'
import type { RateLimitStore } from './rate-limit-store.ts'

export interface AttemptLimit {
  /** Attempts allowed per key within the window. */
  max: number
  windowMs: number
}

/** An attempt counted; `giveBack` uncounts it (a correct password does not count as a failure). */
export interface AttemptTicket {
  giveBack(): Promise<void>
}

/**
 * Counts attempts per key (a sign-in, an AI reply, a contact message) and refuses one with 429 and
 * Retry-After once a key has used up its window. The attempt is counted first and refused after,
 * atomically in the store, so a burst of simultaneous requests cannot all slip in before any is
 * counted; a refused attempt is given back at once.
 */
export function createAttemptLimiter(store: RateLimitStore, limit: AttemptLimit, name: string) {
  const key = (part: string) => `${name}:${part}`
  const giveBack = (parts: string[]) => Promise.all(parts.map((part) => store.decrement(key(part)))).then(() => undefined)
  return {
    /** Counts an attempt for each of `parts`; throws `rate_limited` (nothing counted) if any had none left. */
    async take(parts: string[]): Promise<AttemptTicket> {
      const counts = await Promise.all(parts.map((part) => store.increment(key(part), limit.windowMs)))
      const over = counts.filter((count) => count.count > limit.max)
      if (over.length > 0) {
        await giveBack(parts)
        throw tooManyAttempts(Math.max(...over.map((count) => count.resetInMs)))
      }
      return { giveBack: () => giveBack(parts) }
    },
    /** Gives back one attempt of each of `parts`, for a count that outlives the request (an upload in progress). */
    async release(parts: string[]): Promise<void> {
      await giveBack(parts)
    },
    /** Forgets every attempt of `parts`. */
    async reset(parts: string[]): Promise<void> {
      await Promise.all(parts.map((part) => store.reset(key(part))))
    },
  }
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>

/** Takes an attempt from each limiter in turn; when one refuses, those already taken are given back. */
export async function takeEach(takes: (() => Promise<AttemptTicket>)[]): Promise<AttemptTicket> {
  const taken: AttemptTicket[] = []
  try {
    for (const take of takes) taken.push(await take())
  } catch (error) {
    await Promise.all(taken.map((ticket) => ticket.giveBack()))
    throw error
  }
  return { giveBack: async () => void (await Promise.all(taken.map((ticket) => ticket.giveBack()))) }
}

/** The 429 of every attempt limit, with the wait in whole seconds (at least one). */
export function tooManyAttempts(resetInMs: number): AppError {
  return new AppError('rate_limited', 'Too many attempts; try again later', undefined, { 'Retry-After': String(Math.max(Math.ceil(resetInMs / 1000), 1)) })
}
