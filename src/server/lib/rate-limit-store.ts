import { LRUCache } from 'lru-cache'
import type { Redis } from 'ioredis'

export interface WindowCount {
  count: number
  /** Milliseconds until the window resets (0 when nothing is counted). */
  resetInMs: number
}

/**
 * Fixed-window counters. In memory for one instance; in Redis when several instances must share
 * them (docs/architecture.md#modes). A window uncounted back to zero is deleted, so a refused
 * request (counted, then given back) leaves nothing behind.
 */
export interface RateLimitStore {
  /** Counts `amount` (1 by default) in the key's window, opening one if none is live. */
  increment(key: string, windowMs: number, amount?: number): Promise<WindowCount>
  /** Uncounts `amount` (1 by default; never below zero; a window that has ended stays ended; one at zero is gone). */
  decrement(key: string, amount?: number): Promise<void>
  get(key: string): Promise<WindowCount>
  reset(key: string): Promise<void>
}

export interface MemoryStoreOptions {
  now?: () => number
  /**
   * The most windows kept at once; past it the least recently used go first. Sign-ins with made-up
   * e-mails from many addresses open windows at will, and this is what bounds the memory they take.
   */
  maxWindows?: number
  /** How often, at most, ended windows are swept out (each sweep looks at every window once). */
  sweepEveryMs?: number
}

interface Window {
  count: number
  resetAt: number
}

export function createMemoryRateLimitStore({ now = Date.now, maxWindows = 100_000, sweepEveryMs = 60_000 }: MemoryStoreOptions = {}): RateLimitStore & { readonly size: number } {
  // An ended window is never answered (the cache checks each entry's time to live on every read);
  // the sweep only gives its memory back early, and the LRU bound holds whatever the sweep leaves.
  const windows = new LRUCache<string, Window>({ max: maxWindows, ttlAutopurge: false, ttlResolution: 0, perf: { now } })
  let sweptAt = now()
  const live = (key: string): Window | undefined => {
    const entry = windows.get(key)
    if (entry && entry.resetAt <= now()) {
      windows.delete(key)
      return undefined
    }
    return entry
  }
  const sweepNowAndThen = () => {
    if (now() - sweptAt < sweepEveryMs) return
    sweptAt = now()
    windows.purgeStale()
  }
  return {
    /** Windows held in memory, ended ones not yet swept included. */
    get size() {
      return windows.size
    },
    async increment(key, windowMs, amount = 1) {
      sweepNowAndThen()
      let entry = live(key)
      if (!entry) {
        const ttl = Math.max(Math.ceil(windowMs), 1)
        entry = { count: 0, resetAt: now() + ttl }
        windows.set(key, entry, { ttl })
      }
      entry.count += amount
      return { count: entry.count, resetInMs: entry.resetAt - now() }
    },
    async decrement(key, amount = 1) {
      const entry = live(key)
      if (!entry) return
      entry.count = Math.max(entry.count - amount, 0)
      if (entry.count === 0) windows.delete(key)
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

// DECRBY on a missing key would create it below zero with no expiry: only a live window is
// uncounted, and one back at zero is deleted, as in memory.
const decrementLive = `
local count = tonumber(redis.call('get', KEYS[1]))
if not count then return 0 end
local amount = math.min(tonumber(ARGV[1]), count)
local left = redis.call('decrby', KEYS[1], amount)
if left <= 0 then redis.call('del', KEYS[1]) end
return left`

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
