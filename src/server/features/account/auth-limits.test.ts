import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, signUpTestUser, type TestApp } from '../../test/test-app.ts'

const signIn = (t: TestApp, email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress })

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

  it('makes the wait grow with the failures: a minute after a few, the window after more, and forgets them after a success', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'))
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT_MAX: '3', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900' })
    try {
      await signUpTestUser(t.app, { email: 'olvidadiza@example.com', password: 'clave-correcta' })
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(t, 'olvidadiza@example.com', 'mala')).statusCode).toBe(401)
      const firstWait = await signIn(t, 'olvidadiza@example.com', 'clave-correcta')
      expect(firstWait.statusCode).toBe(429)
      expect(Number(firstWait.headers['retry-after'])).toBeLessThanOrEqual(60)

      // A minute later she may try again; three more mistakes and the wait is the window's.
      vi.setSystemTime(new Date('2026-11-23T10:01:01Z'))
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(t, 'olvidadiza@example.com', 'mala')).statusCode).toBe(401)
      const longerWait = await signIn(t, 'olvidadiza@example.com', 'clave-correcta')
      expect(longerWait.statusCode).toBe(429)
      expect(Number(longerWait.headers['retry-after'])).toBeGreaterThan(60)
      expect(Number(longerWait.headers['retry-after'])).toBeLessThanOrEqual(900)

      // After the window, the right password works and her mistakes are forgotten.
      vi.setSystemTime(new Date('2026-11-23T10:16:00Z'))
      expect((await signIn(t, 'olvidadiza@example.com', 'clave-correcta')).statusCode).toBe(200)
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(t, 'olvidadiza@example.com', 'mala')).statusCode).toBe(401)
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

  it('counts every sign-up from an address, a probe of a taken e-mail too, and then every address together', async () => {
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
  })
})
