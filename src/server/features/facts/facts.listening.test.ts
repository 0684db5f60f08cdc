import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGeminiProvider } from '../../integrations/ai/gemini-provider.ts'
import { cronos } from '../../integrations/ai/personas/cronos.ts'
import { createAiBudget } from '../../lib/chat/ai-budget.ts'
import { createMemoryRateLimitStore } from '../../lib/rate-limit-store.ts'
import { startFakeGemini } from '../../test/fake-gemini.ts'
import { modelListener } from './facts.listening.ts'

// The model's reading of an answer is asked as a reply is: within the teller's share of the AI
// budget, and with the safety settings of the persona it was told to.

const told = {
  answer: 'Nací en Manizales en 1948.',
  question: '¿Dónde naciste?',
  language: 'es' as const,
  subject: { name: 'Rosa', isTeller: true },
  thisYear: 2026,
  tellerId: 'rosa',
}
const heard = { facts: [{ kind: 'birthPlace', value: 'Manizales', quote: 'Nací en Manizales' }] }

describe('a model listening for the facts of an answer', () => {
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  beforeAll(async () => {
    gemini = await startFakeGemini({ jsonBehaviour: { kind: 'json', value: heard } })
  })
  afterAll(() => gemini.close())
  const provider = () => createGeminiProvider({ apiKey: 'k', baseUrl: gemini.baseUrl, model: 'gemini-2.5-flash' })
  const budget = (charsPerHour: number) => createAiBudget(createMemoryRateLimitStore(), { charsPerHour, charsPerDay: charsPerHour, personShare: 1 })

  it('hears the facts with the settings of the persona the answer was told to, and counts them in the budget', async () => {
    const before = gemini.jsonRequests().length
    const facts = await modelListener({ provider: provider(), budget: budget(1_000_000), isOn: true })(told)
    expect(facts.map((fact) => [fact.kind, fact.value])).toEqual([['birthPlace', 'Manizales']])
    const sent = gemini.jsonRequests().slice(before)
    expect(sent).toHaveLength(1)
    expect((sent[0]!.body as { safetySettings: unknown }).safetySettings).toEqual(cronos.safety)
  })

  it('asks nothing when the teller’s budget has no room left, or when listening is off', async () => {
    const before = gemini.jsonRequests().length
    expect(await modelListener({ provider: provider(), budget: budget(10), isOn: true })(told)).toEqual([])
    expect(await modelListener({ provider: provider(), budget: budget(1_000_000), isOn: false })(told)).toEqual([])
    expect(gemini.jsonRequests().length).toBe(before)
  })
})
