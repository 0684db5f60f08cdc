import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createAttemptLimiter } from './attempt-limiter.ts'
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store.ts'

describe('memory rate-limit store', () => {
  it('counts within a window and forgets when it ends', async () => {
    let now = 1_000
    const store = createMemoryRateLimitStore(() => now)
    expect(await store.increment('k', 500)).toEqual({ count: 1, resetInMs: 500 })
    now += 200
    expect(await store.increment('k', 500)).toEqual({ count: 2, resetInMs: 300 })
    now += 300
    expect(await store.get('k')).toEqual({ count: 0, resetInMs: 0 })
  })
})

describe('attempt limiter', () => {
  it('blocks a key after max failures with a Retry-After in seconds, and reset unblocks it', async () => {
    const limiter = createAttemptLimiter(createMemoryRateLimitStore(), { max: 2, windowMs: 60_000 }, 'test')
    await limiter.record(['a'])
    await limiter.assertAllowed(['a'])
    await limiter.record(['a'])
    await expect(limiter.assertAllowed(['a', 'b'])).rejects.toMatchObject({ code: 'rate_limited', status: 429, headers: { 'Retry-After': '60' } })
    await limiter.assertAllowed(['b'])
    await limiter.reset(['a'])
    await limiter.assertAllowed(['a'])
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
      await a.increment('short', 50)
      await new Promise((resolve) => setTimeout(resolve, 120))
      expect((await b.get('short')).count).toBe(0)
    } finally {
      await other.quit()
    }
  })
})
