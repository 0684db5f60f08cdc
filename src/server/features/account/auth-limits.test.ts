import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, signUpTestUser, type TestApp } from '../../test/test-app.ts'

const signIn = (t: TestApp, email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress })

/** Each sign-in hashes a password (scrypt): on a loaded machine the longer rounds outlast the default 20 s. */
const slow = 60_000

afterEach(() => {
  vi.useRealTimers()
})

describe('sign-in limits', () => {
  it('counts guesses at one e-mail from any number of addresses', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT_MAX: '3' })
    try {
      await signUpTestUser(t.app, { email: 'abuela@example.com', password: 'clave-correcta' })
      const answers = []
      for (let attempt = 1; attempt <= 5; attempt += 1) answers.push((await signIn(t, 'abuela@example.com', `mala-${attempt}`, `198.51.100.${attempt}`)).statusCode)
      expect(answers).toEqual([401, 401, 401, 429, 429])
    } finally {
      await t.close()
    }
  })

  it('lets only the allowed number of simultaneous guesses reach the password check', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT_MAX: '3' })
    try {
      await signUpTestUser(t.app, { email: 'rafaga@example.com', password: 'clave-correcta' })
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(t, 'rafaga@example.com', `mala-${i}`, `203.0.113.${i + 1}`)))
      const statuses = answers.map((answer) => answer.statusCode)
      expect(statuses.filter((status) => status === 401)).toHaveLength(3)
      expect(statuses.filter((status) => status === 429)).toHaveLength(9)
    } finally {
      await t.close()
    }
  })

  it(
    'makes each mistake past the first few wait longer, seconds then minutes up to the window, never a day; a success forgets them',
    async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      let now = new Date('2026-11-23T10:00:00Z').getTime()
      vi.setSystemTime(now)
      const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT_MAX: '3', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900' })
      try {
        await signUpTestUser(t.app, { email: 'olvidadiza@example.com', password: 'clave-correcta' })
        for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(t, 'olvidadiza@example.com', 'mala')).statusCode).toBe(401)
        const waits = []
        for (let round = 0; round < 8; round += 1) {
          const refused = await signIn(t, 'olvidadiza@example.com', 'clave-correcta')
          expect(refused.statusCode).toBe(429)
          const wait = Number(refused.headers['retry-after'])
          waits.push(wait)
          // Once the wait is over she may try again, and one more mistake makes the next wait longer.
          now += wait * 1000
          vi.setSystemTime(now)
          expect((await signIn(t, 'olvidadiza@example.com', 'mala')).statusCode).toBe(401)
        }
        expect(waits).toEqual([15, 30, 60, 120, 240, 480, 900, 900])

        const last = await signIn(t, 'olvidadiza@example.com', 'clave-correcta')
        now += Number(last.headers['retry-after']) * 1000
        vi.setSystemTime(now)
        expect((await signIn(t, 'olvidadiza@example.com', 'clave-correcta')).statusCode).toBe(200)
        for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(t, 'olvidadiza@example.com', 'mala')).statusCode).toBe(401)
      } finally {
        await t.close()
      }
    },
    slow,
  )

  it('counts an IPv6 client by its /64: addresses of one network share a limit, another network has its own', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT_MAX: '1' })
    try {
      // An address gets four times LOGIN_RATE_LIMIT_MAX within the window, spread over any e-mails.
      const statuses = []
      for (let i = 1; i <= 5; i += 1) statuses.push((await signIn(t, `inventada-${i}@example.com`, 'mala', `2001:db8:7:1::${i.toString(16)}`)).statusCode)
      expect(statuses).toEqual([401, 401, 401, 401, 429])
      const sameNetwork = await signIn(t, 'otra@example.com', 'mala', '2001:0db8:0007:0001:ffff:ffff:ffff:fffe')
      expect(sameNetwork.statusCode).toBe(429)
      expect(Number(sameNetwork.headers['retry-after'])).toBeGreaterThan(0)
      expect((await signIn(t, 'otra@example.com', 'mala', '2001:db8:7:2::1')).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })

  it('counts nothing against an e-mail for a guess its address was refused', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT_MAX: '1' })
    try {
      await signUpTestUser(t.app, { email: 'vecina@example.com', password: 'clave-correcta' })
      for (let i = 1; i <= 4; i += 1) expect((await signIn(t, `inventada-${i}@example.com`, 'mala', '203.0.113.9')).statusCode).toBe(401)
      for (let i = 1; i <= 5; i += 1) expect((await signIn(t, 'vecina@example.com', `mala-${i}`, '203.0.113.9')).statusCode).toBe(429)
      // Her e-mail is untouched: her own first mistake elsewhere is answered, not held back.
      expect((await signIn(t, 'vecina@example.com', 'mala', '198.51.100.7')).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })

  it('stops every sign-in for a while once failures of all accounts together reach the ceiling', async () => {
    const t = await createTestApp('sqlite', { LOGIN_FAILURE_CEILING: '4' })
    try {
      await signUpTestUser(t.app, { email: 'alguien@example.com', password: 'clave-correcta' })
      for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signIn(t, `nadie-${attempt}@example.com`, 'mala', `192.0.2.${attempt}`)).statusCode).toBe(401)
      const refused = await signIn(t, 'alguien@example.com', 'clave-correcta', '192.0.2.99')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
    } finally {
      await t.close()
    }
  })
})

describe('sign-up limits', () => {
  const signUp = (t: TestApp, email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'una-clave-segura', name: 'Prueba' }, remoteAddress })

  it(
    'counts every sign-up from an address, a probe of a taken e-mail too, and then every address together',
    async () => {
      const t = await createTestApp('sqlite', { SIGNUP_RATE_LIMIT_PER_HOUR: '2' })
      try {
        expect((await signUp(t, 'primera@example.com', '198.51.100.1')).statusCode).toBe(200)
        expect((await signUp(t, 'primera@example.com', '198.51.100.1')).statusCode).toBe(409)
        const refused = await signUp(t, 'tercera@example.com', '198.51.100.1')
        expect(refused.statusCode).toBe(429)
        expect(refused.headers['retry-after']).toBeDefined()
        expect((await signUp(t, 'tercera@example.com', '198.51.100.2')).statusCode).toBe(200)

        // Forty sign-ups an hour in all (twenty times the per-address limit), from any addresses.
        const statuses = []
        for (let i = 0; i < 39; i += 1) statuses.push((await signUp(t, `masiva-${i}@example.com`, `203.0.113.${i + 1}`)).statusCode)
        expect(statuses.filter((status) => status === 200)).toHaveLength(37)
        expect(statuses.slice(-2)).toEqual([429, 429])
      } finally {
        await t.close()
      }
    },
    slow,
  )
})
