import { describe, expect, it } from 'vitest'
import { labSpeechLanguage, speechLanguage } from './speech-language.ts'

describe('speechLanguage', () => {
  it.each([
    ['es', 'es-CO'],
    ['en', 'en-US'],
    ['fr', 'fr-FR'],
    ['es-MX', 'es-CO'],
    ['en-GB', 'en-US'],
    ['FR_ca', 'fr-FR'],
    ['de', 'es-CO'],
    ['', 'es-CO'],
  ])('maps %j to %s', (language, expected) => {
    expect(speechLanguage(language)).toBe(expected)
  })
})

describe('labSpeechLanguage', () => {
  it.each([
    ['es', 'es-ES'],
    ['es-CO', 'es-ES'],
    ['en', 'en-US'],
    ['fr', 'fr-FR'],
    ['de', 'es-ES'],
  ])('maps %j to %s', (language, expected) => {
    expect(labSpeechLanguage(language)).toBe(expected)
  })
})
