import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createTestApp } from './test/test-app.ts'

const message = { name: 'Rosa Díaz', email: 'rosa@example.com', message: 'Hola, quisiera saber más.' }

/** Sends contact messages, each with a client address of its own in front of the proxy's, until refused. */
async function contactAnswers(env: Record<string, string>, forwardedFor: (attempt: number) => string): Promise<number[]> {
  const t = await createTestApp('sqlite', { CONTACT_RATE_LIMIT_PER_HOUR: '2', ...env })
  try {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message, headers: { 'x-forwarded-for': forwardedFor(attempt) } })
      statuses.push(response.statusCode)
    }
    return statuses
  } finally {
    await t.close()
  }
}

describe('which proxy may tell the client’s address', () => {
  it('never lets the client’s own X-Forwarded-For entry reset a per-address limit', async () => {
    // The client writes the left-most entries; the proxy in front appends the address it saw.
    const spoofed = (attempt: number) => `198.51.100.${attempt + 1}, 203.0.113.9`
    for (const setting of ['true', '1', '127.0.0.1/8', 'loopback', 'false']) {
      expect(await contactAnswers({ TRUST_PROXY: setting }, spoofed), `TRUST_PROXY=${setting}`).toEqual([201, 201, 429])
    }
  })

  it('counts two proxies when told so: the address the outer proxy saw is the client’s', async () => {
    // Client → CDN → reverse proxy → Legado: the CDN appends the client, the reverse proxy the CDN.
    const throughTwo = (attempt: number) => `198.51.100.${attempt + 1}, 192.0.2.10`
    expect(await contactAnswers({ TRUST_PROXY: '2' }, throughTwo)).toEqual([201, 201, 201])
  })

  it('reads the setting as no proxy, a number of hops, or the proxies’ addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5 ,::1' }).trustProxy).toBe('10.0.0.0/8,192.168.1.5,::1')
    for (const bad of ['all', '*', '10.0.0.0/33', '300.1.1.1', 'example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, true \(one proxy\), a number of proxy hops/)
    }
  })
})
