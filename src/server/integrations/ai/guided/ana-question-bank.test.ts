import { describe, expect, it } from 'vitest'
import { languages, type Language } from '../../../../shared/limits.ts'
import { anaAcknowledgements, anaClosings, anaGentleThemes, anaGreetings, anaQuestions, anaThemeIntroductions, anaThemes } from './ana-question-bank.ts'
import type { Tensed } from './guided-interviewer.ts'
import { skipPhrases } from './question-bank.ts'

const duplicatesOf = (items: readonly string[]) => items.filter((item, index) => items.indexOf(item) !== index)

/** Every form a text can take: the one string, or its living and deceased forms. */
const formsOf = (text: Tensed): string[] => (typeof text === 'string' ? [text] : [text.living, text.deceased])

/** Each question text, in each language and each form, with a label for failure messages. */
const questionTexts = anaQuestions.flatMap((q) => languages.flatMap((language) => formsOf(q.text[language]).map((text) => ({ label: `${q.id} ${language}`, language, text }))))

// Matches a French ? ! : ; or » not preceded by a no-break space, or « not followed by one.
const frenchSpacingMistake = /(^|[^\u00a0\u202f])[?!:;»]|«[^\u00a0\u202f]/

describe('Ana’s guided question bank', () => {
  it('has enough questions, at least five in every theme', () => {
    expect(anaQuestions.length).toBeGreaterThanOrEqual(66)
    for (const theme of anaThemes) {
      expect(anaQuestions.filter((q) => q.theme === theme).length, theme).toBeGreaterThanOrEqual(5)
    }
  })

  it('gives every question a unique id prefixed with its theme', () => {
    expect(duplicatesOf(anaQuestions.map((q) => q.id))).toEqual([])
    for (const q of anaQuestions) expect(q.id).toMatch(new RegExp(`^${q.theme}\\.[a-z][a-zA-Z]+$`))
  })

  it('lists questions grouped in theme order', () => {
    const order = anaQuestions.map((q) => anaThemes.indexOf(q.theme))
    expect(order).not.toContain(-1)
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('asks one short, well-formed question about the relative in every language and form', () => {
    expect(questionTexts.length).toBeGreaterThanOrEqual(anaQuestions.length * languages.length)
    for (const { label, language, text } of questionTexts) {
      expect(text.length, label).toBeGreaterThan(0)
      expect(text, label).toBe(text.trim())
      expect(text, label).toContain('{name}')
      // Only {name} may be a placeholder: a misspelt one would reach the person as is.
      expect(text.replaceAll('{name}', ''), label).not.toMatch(/[{}]/)
      expect(text.endsWith('?'), label).toBe(true)
      expect(text.slice(0, -1), `${label} holds a single question`).not.toContain('?')
      expect(text.length, label).toBeLessThan(160)
      expect(text, `${label} uses curly apostrophes`).not.toContain("'")
      if (language === 'es') {
        expect(text.startsWith('¿'), label).toBe(true)
        expect(text.match(/¿/g), label).toHaveLength(1)
      }
      if (language === 'fr') expect(text, label).toMatch(/[\u00a0\u202f]\?$/)
    }
  })

  it('gives two forms only to a question whose forms differ', () => {
    for (const q of anaQuestions) {
      for (const language of languages) {
        const text = q.text[language]
        if (typeof text !== 'string') expect(text.living, `${q.id} ${language}`).not.toBe(text.deceased)
      }
    }
  })

  it('never lets one question text contain another, so the interviewer knows which it asked', () => {
    const texts = questionTexts.map(({ text }) => text)
    expect(duplicatesOf(texts)).toEqual([])
    const clashes: string[] = []
    for (const inner of questionTexts) {
      for (const outer of questionTexts) {
        if (inner !== outer && outer.text.includes(inner.text)) clashes.push(`${inner.label} is inside ${outer.label}`)
      }
    }
    expect(clashes).toEqual([])
  })

  it('keeps a no-break space before French double punctuation, so a line never starts with it', () => {
    const frenchTexts = [
      ...questionTexts.filter(({ language }) => language === 'fr').map(({ text }) => text),
      ...formsOf(anaGreetings.fr),
      ...formsOf(anaClosings.fr),
      ...anaThemes.flatMap((theme) => formsOf(anaThemeIntroductions[theme].fr)),
      ...anaAcknowledgements.fr,
    ]
    for (const text of frenchTexts) expect(text, text).not.toMatch(frenchSpacingMistake)
  })
})

describe('what Ana says around the questions', () => {
  const pools = { anaAcknowledgements: [anaAcknowledgements, 8] } as const

  it.each(Object.entries(pools))('has a varied pool of %s in every language, none naming the relative or asking', (_name, [pool, minimum]) => {
    for (const language of languages) {
      expect(pool[language].length, language).toBeGreaterThanOrEqual(minimum)
      expect(duplicatesOf(pool[language]), language).toEqual([])
      for (const line of pool[language]) {
        expect(line.length, language).toBeGreaterThan(0)
        expect(line).toBe(line.trim())
        expect(line).not.toContain('?')
        expect(line).not.toContain('{name}')
      }
    }
  })

  // Set phrases come before or after a question: one holding a '?' could be taken for a question.
  const setPhrases = (language: Language) => [
    ...formsOf(anaGreetings[language]),
    ...formsOf(anaClosings[language]),
    ...anaThemes.flatMap((theme) => formsOf(anaThemeIntroductions[theme][language])),
  ]

  it('greets, introduces every theme and closes in every language, naming the relative', () => {
    for (const language of languages) {
      for (const text of setPhrases(language)) {
        expect(text.length, language).toBeGreaterThan(0)
        expect(text, language).toBe(text.trim())
        expect(text, language).toContain('{name}')
        expect(text.replaceAll('{name}', ''), language).not.toMatch(/[{}]/)
        expect(text, language).not.toContain('?')
        expect(text, language).not.toContain("'")
      }
    }
  })

  it('introduces every theme, with two forms only where they differ', () => {
    expect(Object.keys(anaThemeIntroductions).sort()).toEqual([...anaThemes].sort())
    for (const language of languages) {
      for (const text of [anaGreetings[language], anaClosings[language], ...anaThemes.map((theme) => anaThemeIntroductions[theme][language])]) {
        if (typeof text !== 'string') expect(text.living, language).not.toBe(text.deceased)
      }
    }
  })

  it('suggests in the greeting only skip words the interviewer recognises', () => {
    for (const language of languages) {
      for (const greeting of formsOf(anaGreetings[language])) {
        const quoted = [...greeting.matchAll(/[«“]([^»”]+)[»”]/g)].map((match) => (match[1] ?? '').trim())
        expect(quoted.length, language).toBeGreaterThan(0)
        for (const word of quoted) expect(skipPhrases[language], language).toContain(word)
      }
    }
  })

  it('names only existing themes as gentle, once each', () => {
    expect(duplicatesOf(anaGentleThemes)).toEqual([])
    for (const theme of anaGentleThemes) expect(anaThemes).toContain(theme)
  })
})
