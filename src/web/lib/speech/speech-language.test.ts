import { describe, expect, it } from 'vitest'
import { speechLanguage } from './speech-language.ts'

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
