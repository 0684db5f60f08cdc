import { describe, expect, it } from 'vitest'
import { storyteller } from '../../integrations/ai/personas/storyteller.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { as, createTestApp, createTestUser } from '../../test/test-app.ts'

describe('the limits on AI spend', () => {
  it('refuses every person once the server’s hourly budget of characters is spent, counting prompts and replies', async () => {
    const gemini = await startFakeGemini({ behaviour: { kind: 'stream', pieces: ['Había una vez un río que cantaba.'] } })
    const memory = 'El río de mi infancia, donde aprendí a nadar con mi abuelo.'
    const perRequest = storyteller.systemInstruction.es.length + memory.length + 'Había una vez un río que cantaba.'.length
    // Room for two variations, not three.
    const budget = String(perRequest * 2 + 10)
    // No share of their own, so that it is the server's budget that runs out.
    const t = await createTestApp('sqlite', { ...geminiSettings(gemini), AI_BUDGET_CHARS_PER_HOUR: budget, AI_PERSON_SHARE: '1' })
    try {
      const [rosa, luis] = [await createTestUser(t.app), await createTestUser(t.app)]
      const variation = (user: typeof rosa) => as(t.app, user)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: memory } })
      expect((await variation(rosa)).statusCode).toBe(200)
      expect((await variation(luis)).statusCode).toBe(200)
      const refused = await variation(rosa)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.code).toBe('rate_limited')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect((await variation(luis)).statusCode).toBe(429)
      expect(gemini.requests).toHaveLength(2)
    } finally {
      await t.close()
      await gemini.close()
    }
  })

  it('gives each person a share of the hourly characters, replies counted, past which they wait while others still get replies', async () => {
    const reply = 'Había una vez un río que cantaba. '.repeat(20)
    const gemini = await startFakeGemini({ behaviour: { kind: 'stream', pieces: [reply] } })
    const memory = 'El río de mi infancia, donde aprendí a nadar con mi abuelo.'
    const prompt = storyteller.systemInstruction.es.length + memory.length
    // Room in a share for two prompts, but not for two prompts and the first reply.
    const share = 2 * prompt + reply.trim().length - 1
    const t = await createTestApp('sqlite', { ...geminiSettings(gemini), AI_BUDGET_CHARS_PER_HOUR: String(share * 4), AI_PERSON_SHARE: '0.25' })
    try {
      const [rosa, luis] = [await createTestUser(t.app), await createTestUser(t.app)]
      const variation = (user: typeof rosa) => as(t.app, user)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: memory } })
      expect((await variation(rosa)).statusCode).toBe(200)
      const refused = await variation(rosa)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.code).toBe('rate_limited')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60)
      expect((await variation(luis)).statusCode).toBe(200)
      expect(gemini.requests).toHaveLength(2)
    } finally {
      await t.close()
      await gemini.close()
    }
  })

  it('limits the guided mode too, at four times the AI limit per person', async () => {
    const t = await createTestApp('sqlite', { AI_RATE_LIMIT_PER_HOUR: '1' })
    try {
      const user = await createTestUser(t.app)
      const statuses = []
      for (let message = 1; message <= 5; message += 1) {
        statuses.push((await as(t.app, user)({ method: 'POST', url: '/api/biography/chat', payload: { message: `Recuerdo ${message}` } })).statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429])
      const other = await createTestUser(t.app)
      expect((await as(t.app, other)({ method: 'POST', url: '/api/biography/chat', payload: { message: 'Hola' } })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
