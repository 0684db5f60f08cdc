import type { Redis } from 'ioredis'

export interface WindowCount {
  count: number
  /** Milliseconds until the window resets (0 when nothing is counted). */
  resetInMs: number
}

/**
 * Fixed-window counters. In memory for one instance; in Redis when several instances must share
 * them (docs/architecture.md#modes).
 */
export interface RateLimitStore {
  /** Counts `amount` (1 by default) in the key's window, opening one if none is live. */
  increment(key: string, windowMs: number, amount?: number): Promise<WindowCount>
  /** Uncounts `amount` (1 by default; never below zero; a window that has ended stays ended). */
  decrement(key: string, amount?: number): Promise<void>
  get(key: string): Promise<WindowCount>
  reset(key: string): Promise<void>
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const live = (key: string) => {
    const entry = windows.get(key)
    if (entry && entry.resetAt <= now()) {
      windows.delete(key)
      return undefined
    }
    return entry
  }
  return {
    async increment(key, windowMs, amount = 1) {
      // Forget expired windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) for (const k of windows.keys()) live(k)
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs }
      entry.count += amount
      windows.set(key, entry)
      return { count: entry.count, resetInMs: entry.resetAt - now() }
    },
    async decrement(key, amount = 1) {
      const entry = live(key)
      if (entry) entry.count = Math.max(entry.count - amount, 0)
    },
    async get(key) {
      const entry = live(key)
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : { count: 0, resetInMs: 0 }
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}

// DECRBY on a missing key would create it below zero with no expiry: only a live window is uncounted.
const decrementLive = `
local count = tonumber(redis.call('get', KEYS[1]))
if not count then return 0 end
local amount = math.min(tonumber(ARGV[1]), count)
return redis.call('decrby', KEYS[1], amount)`

export function createRedisRateLimitStore(redis: Redis, prefix = 'legado:rl:'): RateLimitStore {
  return {
    async increment(key, windowMs, amount = 1) {
      const result = await redis
        .multi()
        .incrby(prefix + key, amount)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec()
      if (!result) throw new Error('Redis transaction was aborted')
      const [[incrError, count], , [ttlError, ttl]] = result as [[Error | null, number], unknown, [Error | null, number]]
      if (incrError ?? ttlError) throw incrError ?? ttlError
      return { count, resetInMs: Math.max(ttl, 0) }
    },
    async decrement(key, amount = 1) {
      await redis.eval(decrementLive, 1, prefix + key, amount)
    },
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)])
      return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(ttl, 0) }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
  }
}
