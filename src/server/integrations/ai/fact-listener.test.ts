import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FactProposal } from '../../../shared/facts/index.ts'
import { startFakeGemini } from '../../test/fake-gemini.ts'
import { startFakeOpenAi } from '../../test/fake-openai.ts'
import type { AiProvider } from './ai-provider.ts'
import { factListSchema, listenForFacts, type FactListening } from './fact-listener.ts'
import { createGeminiProvider } from './gemini-provider.ts'
import { guidedAna } from './guided/guided-ana.ts'
import { createGuidedProvider } from './guided/guided-provider.ts'
import { createOpenAiProvider } from './openai-provider.ts'

const answer = 'Se casó con Luis Pérez en 1950 y tuvieron tres hijos: Ana, Jorge y Marta.'
const listening: FactListening = {
  answer,
  question: '¿Qué se sabe de la boda o de la unión de Aurora?',
  language: 'es',
  subject: { name: 'Aurora', isTeller: false },
  thisYear: 2026,
  birthYear: 1928,
}

/** What a model hears in the answer, right and wrong, as it would send it. */
const heard = {
  facts: [
    { kind: 'spouse', value: 'Luis Pérez', quote: 'Se casó con Luis Pérez' },
    { kind: 'marriageDate', value: '1950', quote: 'Se casó con Luis Pérez en 1950' },
    { kind: 'child', value: 'Ana', quote: 'tuvieron tres hijos: Ana, Jorge y Marta' },
    { kind: 'child', value: 'Jorge', quote: 'tuvieron tres hijos: Ana, Jorge y Marta' },
    // Copied with other capitals and spaces: still the answer's words, at their own place.
    { kind: 'child', value: 'marta', quote: 'jorge  y MARTA.' },
    // Words the answer never says.
    { kind: 'marriagePlace', value: 'Pasto', quote: 'se casaron en Pasto' },
    // A kind Legado does not know, a value not in its quote, a date that is no date, a year after today.
    { kind: 'religion', value: 'católica', quote: 'Se casó' },
    { kind: 'sibling', value: 'Rosa', quote: 'tuvieron tres hijos' },
    { kind: 'deathDate', value: 'después de la guerra', quote: 'en 1950' },
    { kind: 'birthDate', value: '2050', quote: 'en 1950' },
    // Said once, heard twice.
    { kind: 'spouse', value: 'Luis Pérez', quote: 'Luis Pérez' },
  ],
}

const described = (proposals: FactProposal[]) =>
  proposals.map((p) => {
    // A stored date is its text at run time («1950»), as a place is.
    const value = typeof p.value === 'object' && 'first' in p.value ? `${p.value.first}|${p.value.last}` : String(p.value)
    expect(answer.slice(p.quote.start, p.quote.end)).toBe(p.quote.text)
    return `${p.kind}: ${value} «${p.quote.text}»`
  })

const expected = [
  'spouse: Luis|Pérez «Se casó con Luis Pérez»',
  'marriageDate: 1950 «Se casó con Luis Pérez en 1950»',
  'child: Ana| «tuvieron tres hijos: Ana, Jorge y Marta»',
  'child: Jorge| «tuvieron tres hijos: Ana, Jorge y Marta»',
  'child: Marta| «Jorge y Marta»',
]

describe('listening for facts with Gemini', () => {
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  let provider: AiProvider
  beforeAll(async () => {
    gemini = await startFakeGemini()
    provider = createGeminiProvider({ apiKey: 'k', baseUrl: gemini.baseUrl, model: 'gemini-2.5-flash' })
  })
  afterAll(() => gemini.close())

  it('proposes a spouse, the wedding’s year and three children, each with the answer’s exact words, and drops what the answer does not say', async () => {
    gemini.answerJsonWith({ kind: 'json', value: heard })
    expect(described(await listenForFacts(provider, listening))).toEqual(expected)
    const sent = gemini.jsonRequests().at(-1)!.body as { contents: unknown; generationConfig: Record<string, unknown>; systemInstruction: { parts: { text: string }[] } }
    expect(sent.contents).toEqual([{ role: 'user', parts: [{ text: answer }] }])
    expect(sent.generationConfig).toMatchObject({ temperature: 0, responseMimeType: 'application/json' })
    expect(sent.generationConfig.responseSchema).toMatchObject({
      type: 'OBJECT',
      properties: {
        facts: { type: 'ARRAY', items: { type: 'OBJECT', properties: { kind: { type: 'STRING', enum: factListSchema.properties.facts.items.properties.kind.enum } } } },
      },
    })
    const instruction = sent.systemInstruction.parts[0]!.text
    expect(instruction).toContain('Aurora')
    expect(instruction).toContain(listening.question)
    expect(instruction).toMatch(/copied character for character/)
  })

  it('hears nothing, and never throws, when the model fails or answers out of shape', async () => {
    gemini.answerJsonWith({ kind: 'status', status: 500, body: { error: { message: 'Internal' } } })
    expect(await listenForFacts(provider, listening)).toEqual([])
    gemini.answerJsonWith({ kind: 'reply-blocked' })
    expect(await listenForFacts(provider, listening)).toEqual([])
    gemini.answerJsonWith({ kind: 'json', value: ['spouse', 'Luis'] })
    expect(await listenForFacts(provider, listening)).toEqual([])
    gemini.answerJsonWith({ kind: 'json', value: { facts: [null, 3, { kind: 'spouse' }, { kind: 'spouse', value: 7, quote: 'Luis Pérez' }] } })
    expect(await listenForFacts(provider, listening)).toEqual([])
  })

  it('stops listening when the caller gives up', async () => {
    gemini.answerJsonWith({ kind: 'json', value: heard, delayMs: 2000 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const started = Date.now()
    expect(await listenForFacts(provider, { ...listening, signal: controller.signal })).toEqual([])
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('takes no relative without a name, no date before the subject was born, and no year the quote does not hold', async () => {
    const told = 'Su madre era de Ipiales. Murió en el 85, y su hermano Tomás vivía en Quito.'
    gemini.answerJsonWith({
      kind: 'json',
      value: {
        facts: [
          { kind: 'parent', value: 'madre', quote: 'Su madre era de Ipiales' },
          { kind: 'deathDate', value: '1985', quote: 'Murió en el 85' },
          { kind: 'deathDate', value: '1885', quote: 'Murió en el 85' },
          { kind: 'marriageDate', value: '1952', quote: 'Murió en el 85' },
          { kind: 'sibling', value: 'Tomás', quote: 'su hermano Tomás' },
          { kind: 'residence', value: 'quito', quote: 'vivía en Quito' },
        ],
      },
    })
    const proposals = await listenForFacts(provider, { ...listening, answer: told })
    expect(proposals.map((p) => `${p.kind}: ${JSON.stringify(p.value)} «${told.slice(p.quote.start, p.quote.end)}»`)).toEqual([
      'deathDate: "1985" «Murió en el 85»',
      'sibling: {"first":"Tomás","last":""} «su hermano Tomás»',
      'residence: "Quito" «vivía en Quito»',
    ])
  })
})

describe('listening for facts with an OpenAI-compatible model', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>
  beforeAll(async () => {
    fake = await startFakeOpenAi()
  })
  afterAll(() => fake.close())

  it('proposes the same facts from the same answer, asking with a strict schema at temperature 0', async () => {
    fake.answerJsonWith({ status: 200, json: heard })
    const provider = createOpenAiProvider({ baseUrl: fake.baseUrl, model: 'llama3' })
    expect(described(await listenForFacts(provider, listening))).toEqual(expected)
    expect(fake.requests.at(-1)!.body).toMatchObject({
      temperature: 0,
      stream: false,
      response_format: { type: 'json_schema', json_schema: { strict: true, schema: factListSchema } },
      messages: [{ role: 'system' }, { role: 'user', content: answer }],
    })
    fake.answerJsonWith({ status: 401 })
    expect(await listenForFacts(provider, listening)).toEqual([])
  })
})

describe('listening for facts without a model', () => {
  it('hears nothing in the guided mode', async () => {
    expect(await listenForFacts(createGuidedProvider({ Ana: guidedAna }), listening)).toEqual([])
  })
})
