import { describe, expect, it } from 'vitest'
import { createTestApp, signUpTestUser } from '../../test/test-app.ts'

const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!redisUrl)('failed sign-ins with REDIS_URL', () => {
  it('are counted across instances: failures on one block the other', async () => {
    const shared = { REDIS_URL: redisUrl ?? '', LOGIN_RATE_LIMIT_MAX: '2' }
    const first = await createTestApp('sqlite', shared)
    // The second instance shares the first one's database as well, as instances behind a balancer do.
    const second = await createTestApp('sqlite', { ...shared, DATA_DIR: first.dataDir })
    try {
      const email = `compartida-${Date.now()}@example.com`
      // Counters live in the shared Redis for 15 minutes: an address of this run only.
      const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`
      await signUpTestUser(first.app, { email, password: 'clave-compartida' })
      const attempt = (t: typeof first, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: address })
      expect((await attempt(first, 'mala-1')).statusCode).toBe(401)
      expect((await attempt(first, 'mala-2')).statusCode).toBe(401)
      const blocked = await attempt(second, 'clave-compartida')
      expect(blocked.statusCode).toBe(429)
      expect(blocked.headers['retry-after']).toBeDefined()
    } finally {
      await second.close()
      await first.close()
    }
  })
})
