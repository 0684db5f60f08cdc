import { describe, expect, it } from 'vitest'
import { languages } from '../../../../shared/limits.ts'
import { geminiBody } from '../gemini-provider.ts'
import { createGuidedProvider } from '../guided/guided-provider.ts'
import { ana } from './ana.ts'
import { cronos } from './cronos.ts'
import { dreamReader, dreamMessage } from './dream-reader.ts'
import { storyteller } from './storyteller.ts'

const categories = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT']

describe('the personas carry the settings of docs/product.md#personas', () => {
  it('Cronos: 0.75, topK 1, topP 0.95, 1024 tokens, four categories blocked from medium up', () => {
    const body = geminiBody({ persona: cronos, language: 'es', turns: [{ role: 'user', text: 'Hola' }] })
    expect(body.generationConfig).toEqual({ temperature: 0.75, topK: 1, topP: 0.95, maxOutputTokens: 1024 })
    expect(body.safetySettings).toEqual(categories.map((category) => ({ category, threshold: 'BLOCK_MEDIUM_AND_ABOVE' })))
  })

  it('Ana: 0.8, topK 1, topP 0.95, 1024 tokens, every safety block off', () => {
    const body = geminiBody({ persona: ana, language: 'fr', turns: [{ role: 'user', text: 'Bonjour' }] })
    expect(body.generationConfig).toEqual({ temperature: 0.8, topK: 1, topP: 0.95, maxOutputTokens: 1024 })
    expect(body.safetySettings).toEqual(categories.map((category) => ({ category, threshold: 'BLOCK_NONE' })))
    for (const language of languages) expect(ana.systemInstruction[language]).toContain('{member}')
  })

  it('the storyteller: 0.85 and 800 tokens, and it needs a model', async () => {
    expect(geminiBody({ persona: storyteller, language: 'en', turns: [{ role: 'user', text: 'A memory' }] }).generationConfig).toEqual({ temperature: 0.85, maxOutputTokens: 800 })
    const guided = createGuidedProvider({ [cronos.name]: { opening: () => '', reply: () => '' } })
    expect(guided.speaks(cronos)).toBe(true)
    expect(guided.speaks(storyteller)).toBe(false)
    await expect(guided.completeReply({ persona: storyteller, language: 'es', turns: [{ role: 'user', text: 'Un recuerdo' }] })).rejects.toMatchObject({ code: 'ai_unavailable' })
  })

  it('the dream reader (our settings): 0.7, topP 0.95, 1024 tokens, only high harm blocked; told the dream in the reading’s language', () => {
    const body = geminiBody({ persona: dreamReader, language: 'es', turns: [{ role: 'user', text: 'Un sueño' }] })
    expect(body.generationConfig).toEqual({ temperature: 0.7, topP: 0.95, maxOutputTokens: 1024 })
    expect(body.safetySettings).toEqual(categories.map((category) => ({ category, threshold: 'BLOCK_ONLY_HIGH' })))
    expect(dreamMessage({ title: ' ', content: ' Volaba. ', dreamDate: null }, 'es')).toBe('El sueño:\nVolaba.')
    expect(dreamMessage({ title: 'Vol', content: 'Je volais.', dreamDate: '2026-01-02' }, 'fr')).toBe('Titre: Vol\nNuit du rêve: 2026-01-02\nLe rêve:\nJe volais.')
  })

  it('each speaks every language', () => {
    for (const persona of [cronos, ana, storyteller, dreamReader]) {
      for (const language of languages) expect(persona.systemInstruction[language].length, `${persona.name} ${language}`).toBeGreaterThan(100)
    }
  })
})
