import { describe, expect, it } from 'vitest'
import { languages } from '../../../../shared/limits.ts'
import { geminiBody } from '../gemini-provider.ts'
import { ana, anaAbout, type RelativeFacts } from './ana.ts'
import { cronos, cronosAbout } from './cronos.ts'

const aurora: RelativeFacts = {
  firstName: 'Aurora',
  lastName: 'Díaz',
  relationshipToOwner: 'Abuela',
  birthDate: null,
  deathDate: null,
  birthPlace: '',
  deathPlace: '',
  isDeceased: true,
  bioSummary: '',
  relatives: [],
}

describe('a persona told what is still unknown', () => {
  it('Ana hears one gentle sentence, in her language, naming the most wanted first, and nothing else changes', () => {
    const told = anaAbout(aurora, ['birthPlace', 'parent', 'childhood'])
    expect(told.systemInstruction.es).toMatch(
      /Aún no se sabe de Aurora: el lugar de nacimiento, los padres y la infancia; si la conversación lo permite, pregunta por ello con tacto, una cosa a la vez y sin insistir\.$/,
    )
    expect(told.systemInstruction.en).toMatch(
      /Not yet known about Aurora: place of birth, parents and childhood; when the conversation allows, ask about it gently, one thing at a time, without insisting\.$/,
    )
    expect(told.systemInstruction.fr).toMatch(/Ce que l’on ne sait pas encore sur Aurora : le lieu de naissance, les parents et l’enfance ; si la conversation s’y prête/)
    const plain = anaAbout(aurora)
    for (const language of languages) expect(told.systemInstruction[language].startsWith(plain.systemInstruction[language])).toBe(true)
    expect(told.subject).toEqual({ name: 'Aurora', isDeceased: true, unknown: ['birthPlace', 'parent', 'childhood'] })
    const body = geminiBody({ persona: told, language: 'es', turns: [{ role: 'user', text: 'Hola' }] })
    expect(body.generationConfig).toEqual({ temperature: 0.8, topK: 1, topP: 0.95, maxOutputTokens: 1024 })
    expect(told.safety).toEqual(ana.safety)
  })

  it('names five things at most, and says nothing when nothing is unknown', () => {
    const told = anaAbout(aurora, ['birthPlace', 'birthDate', 'parent', 'deathPlace', 'deathDate', 'spouse', 'occupation'])
    expect(told.systemInstruction.en).toContain('place of birth, date of birth, parents, place of death and date of death;')
    expect(told.systemInstruction.en).not.toContain('partner')
    for (const language of languages) expect(anaAbout(aurora, []).systemInstruction[language]).not.toMatch(/no se sabe|not yet known|ne sait pas encore/i)
    expect(anaAbout(aurora, []).subject).toEqual({ name: 'Aurora', isDeceased: true })
  })

  it('Cronos hears it about the teller’s own life, with his settings exact', () => {
    const told = cronosAbout(['birthDate', 'childhood'])
    expect(told.systemInstruction.es).toBe(
      `${cronos.systemInstruction.es} Aún no se sabe de su vida: la fecha de nacimiento y la infancia; si la conversación lo permite, pregunta por ello con tacto, una cosa a la vez y sin insistir.`,
    )
    expect(told.systemInstruction.fr).toContain('Ce que l’on ne sait pas encore de sa vie : la date de naissance et l’enfance')
    expect({ ...told, systemInstruction: cronos.systemInstruction, subject: undefined }).toEqual({ ...cronos, subject: undefined })
    expect(told.subject?.unknown).toEqual(['birthDate', 'childhood'])
    expect(cronosAbout([])).toBe(cronos)
  })
})
