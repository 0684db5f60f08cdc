import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createAttemptLimiter, takeEach } from './attempt-limiter.ts'
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store.ts'

describe('memory rate-limit store', () => {
  it('counts within a window and forgets when it ends', async () => {
    let now = 1_000
    const store = createMemoryRateLimitStore({ now: () => now })
    expect(await store.increment('k', 500)).toEqual({ count: 1, resetInMs: 500 })
    now += 200
    expect(await store.increment('k', 500)).toEqual({ count: 2, resetInMs: 300 })
    now += 300
    expect(await store.get('k')).toEqual({ count: 0, resetInMs: 0 })
    // Amounts, as the AI budget counts characters; never below zero.
    expect((await store.increment('chars', 500, 1_200)).count).toBe(1_200)
    await store.decrement('chars', 200)
    expect((await store.get('chars')).count).toBe(1_000)
    await store.decrement('chars', 5_000)
    expect((await store.get('chars')).count).toBe(0)
  })

  it('deletes a window uncounted back to zero, so a refused attempt leaves nothing behind', async () => {
    const store = createMemoryRateLimitStore({ now: () => 1_000_000 })
    await store.increment('refused', 60_000)
    await store.decrement('refused')
    expect(store.size).toBe(0)
    // The next attempt opens a window of its own, not the rest of the deleted one.
    expect(await store.increment('refused', 60_000)).toEqual({ count: 1, resetInMs: 60_000 })
  })

  it('sweeps ended windows out of memory on a timer, without scanning on every count', async () => {
    let now = 1_000_000
    const store = createMemoryRateLimitStore({ now: () => now, sweepEveryMs: 60_000 })
    for (let i = 0; i < 1_000; i += 1) await store.increment(`anon-${i}`, 1_000)
    now += 30_000
    await store.increment('later', 24 * 60 * 60 * 1000)
    // Ended but not yet swept: never answered, still held until the minute is up.
    expect(await store.get('anon-1')).toEqual({ count: 0, resetInMs: 0 })
    expect(store.size).toBe(1_000)
    now += 30_000
    await store.increment('later', 24 * 60 * 60 * 1000)
    expect(store.size).toBe(1)
    expect((await store.get('later')).count).toBe(2)
  })

  it('holds at most maxWindows, forgetting the least recently used first', async () => {
    const store = createMemoryRateLimitStore({ maxWindows: 100 })
    await store.increment('victim@example.com', 24 * 60 * 60 * 1000, 5)
    for (let i = 0; i < 10_000; i += 1) {
      await store.increment(`made-up-${i}@example.com`, 24 * 60 * 60 * 1000)
      // A key counted again and again stays; the flood of one-off keys pushes only itself out.
      if (i % 50 === 0) await store.increment('victim@example.com', 24 * 60 * 60 * 1000)
    }
    expect(store.size).toBe(100)
    expect((await store.get('victim@example.com')).count).toBe(5 + 200)
    expect((await store.get('made-up-0@example.com')).count).toBe(0)
    expect((await store.get('made-up-9999@example.com')).count).toBe(1)
  })
})

describe('attempt limiter', () => {
  it('refuses an attempt beyond the limit with a Retry-After in seconds, counting none of it; reset forgets the key', async () => {
    const limiter = createAttemptLimiter(createMemoryRateLimitStore(), { max: 2, windowMs: 60_000 }, 'test')
    await limiter.take(['a'])
    await limiter.take(['a'])
    await expect(limiter.take(['a', 'b'])).rejects.toMatchObject({ code: 'rate_limited', status: 429, headers: { 'Retry-After': '60' } })
    // The refused attempt was given back on every key, so 'b' still has both of its attempts.
    await limiter.take(['b'])
    await limiter.take(['b'])
    await limiter.reset(['a'])
    await limiter.take(['a'])
  })

  it('lets only the allowed number of a simultaneous burst through', async () => {
    const limiter = createAttemptLimiter(createMemoryRateLimitStore(), { max: 3, windowMs: 60_000 }, 'burst')
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.take(['rosa@example.com'])))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
  })

  it('gives an attempt back, and takeEach gives back what it took when a later limiter refuses', async () => {
    const store = createMemoryRateLimitStore()
    const first = createAttemptLimiter(store, { max: 1, windowMs: 60_000 }, 'first')
    const second = createAttemptLimiter(store, { max: 1, windowMs: 60_000 }, 'second')
    const ticket = await first.take(['k'])
    await ticket.giveBack()
    await second.take(['k'])
    await expect(takeEach([() => first.take(['k']), () => second.take(['k'])])).rejects.toMatchObject({ code: 'rate_limited' })
    expect(await store.get('first:k')).toMatchObject({ count: 0 })
    await (await takeEach([() => first.take(['other'])])).giveBack()
    expect(await store.get('first:other')).toMatchObject({ count: 0 })
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!redisUrl)('redis rate-limit store', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true })
  const prefix = `legado-test:${process.pid}:${Date.now()}:`
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  it('shares counts between two instances and expires them', async () => {
    // Two stores on two connections stand for two app instances.
    const other = new Redis(redisUrl ?? '')
    const a: RateLimitStore = createRedisRateLimitStore(redis, prefix)
    const b: RateLimitStore = createRedisRateLimitStore(other, prefix)
    try {
      expect((await a.increment('shared', 1_000)).count).toBe(1)
      const second = await b.increment('shared', 1_000)
      expect(second.count).toBe(2)
      expect(second.resetInMs).toBeGreaterThan(0)
      expect(second.resetInMs).toBeLessThanOrEqual(1_000)
      expect((await a.get('shared')).count).toBe(2)
      await b.reset('shared')
      expect(await a.get('shared')).toEqual({ count: 0, resetInMs: 0 })
      await a.increment('given', 60_000)
      await b.decrement('given')
      expect((await a.get('given')).count).toBe(0)
      expect((await a.increment('chars', 60_000, 1_200)).count).toBe(1_200)
      await b.decrement('chars', 200)
      expect((await a.get('chars')).count).toBe(1_000)
      await b.decrement('chars', 5_000)
      expect((await a.get('chars')).count).toBe(0)
      // A window uncounted back to zero is gone, as in memory.
      await b.increment('zero', 60_000)
      await a.decrement('zero')
      expect(await redis.exists(`${prefix}zero`)).toBe(0)
      // Uncounting a key that does not exist leaves nothing behind (no -1 without an expiry).
      await a.decrement('never')
      expect(await redis.exists(`${prefix}never`)).toBe(0)
      const burst = createAttemptLimiter(a, { max: 3, windowMs: 60_000 }, 'burst')
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? burst : createAttemptLimiter(b, { max: 3, windowMs: 60_000 }, 'burst')).take(['x'])))
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
      const short = await a.increment('short', 50)
      expect(short.resetInMs).toBeGreaterThan(0)
      expect(short.resetInMs).toBeLessThanOrEqual(50)
      expect((await b.get('short')).count).toBe(1)
      // Redis ends the window by its own clock, which no test can move: wait, bounded, for it to.
      await expect.poll(async () => (await b.get('short')).count, { interval: 10, timeout: 2_000 }).toBe(0)
    } finally {
      await other.quit()
    }
  })
})
