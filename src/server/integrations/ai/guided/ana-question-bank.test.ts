import { describe, expect, it } from 'vitest'
import { readFacts } from '../../../../shared/facts/index.ts'
import { storedDateText } from '../../../../shared/genealogy-date/index.ts'
import { languages, type Language } from '../../../../shared/limits.ts'
import { metQuestion, metQuestionIntroductions } from './acquaintance-question.ts'
import { anaAncestorQuestions, anaAncestorThemes } from './ana-ancestor-bank.ts'
import {
  anaAncestorBridges,
  anaAncestorClosings,
  anaAncestorGentleThemes,
  anaAncestorGreetings,
  anaAncestorThemeIntroductions,
  anaAncestorWelcomeBacks,
} from './ana-ancestor-phrases.ts'
import { anaAcknowledgements, anaClosings, anaGentleThemes, anaGreetings, anaQuestions, anaThemeIntroductions, anaThemes, anaWelcomeBacks } from './ana-question-bank.ts'
import type { BankQuestion, Tensed } from './guided-interviewer.ts'
import { skipPhrases } from './question-bank.ts'

const duplicatesOf = (items: readonly string[]) => items.filter((item, index) => items.indexOf(item) !== index)

/** Every form a text can take: the one string, or its living and deceased forms. */
const formsOf = (text: Tensed): string[] => (typeof text === 'string' ? [text] : [text.living, text.deceased])

/** Each question text, in each language and each form, with a label for failure messages. */
const textsOf = (questions: readonly BankQuestion<string>[]) =>
  questions.flatMap((q) => languages.flatMap((language) => formsOf(q.text[language]).map((text) => ({ label: `${q.id} ${language}`, language, text }))))

// Matches a French ? ! : ; or » not preceded by a no-break space, or « not followed by one.
const frenchSpacingMistake = /(^|[^\u00a0\u202f])[?!:;»]|«[^\u00a0\u202f]/

/** Ana's two sets: about a relative the person knew, and about an ancestor they never met. */
const banks = [
  {
    name: 'the first bank',
    questions: anaQuestions,
    themes: anaThemes as readonly string[],
    minimum: 66,
    idPrefix: '',
    greeting: anaGreetings,
    welcomeBack: anaWelcomeBacks,
    closing: anaClosings,
    introductions: anaThemeIntroductions as Record<string, Record<Language, Tensed>>,
    gentleThemes: anaGentleThemes as readonly string[],
  },
  {
    name: 'the ancestor bank',
    questions: anaAncestorQuestions,
    themes: anaAncestorThemes as readonly string[],
    minimum: 45,
    idPrefix: 'ancestor\\.',
    greeting: anaAncestorGreetings,
    welcomeBack: anaAncestorWelcomeBacks,
    closing: anaAncestorClosings,
    introductions: anaAncestorThemeIntroductions as Record<string, Record<Language, Tensed>>,
    gentleThemes: anaAncestorGentleThemes as readonly string[],
  },
]

describe.each(banks)('Ana’s guided questions: $name', (bank) => {
  const questionTexts = textsOf(bank.questions)

  it('has enough questions, at least five in every theme', () => {
    expect(bank.questions.length).toBeGreaterThanOrEqual(bank.minimum)
    for (const theme of bank.themes) {
      expect(bank.questions.filter((q) => q.theme === theme).length, theme).toBeGreaterThanOrEqual(5)
    }
  })

  it('gives every question a unique id prefixed with its theme', () => {
    expect(duplicatesOf(bank.questions.map((q) => q.id))).toEqual([])
    for (const q of bank.questions) expect(q.id).toMatch(new RegExp(`^${bank.idPrefix}${q.theme}\\.[a-z][a-zA-Z]+$`))
  })
  it('lists questions grouped in theme order', () => {
    const order = bank.questions.map((q) => bank.themes.indexOf(q.theme))
    expect(order).not.toContain(-1)
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('asks one short, well-formed question about the relative in every language and form', () => {
    expect(questionTexts.length).toBeGreaterThanOrEqual(bank.questions.length * languages.length)
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
    for (const q of bank.questions) {
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
      ...formsOf(bank.greeting.fr),
      ...formsOf(bank.welcomeBack.fr),
      ...formsOf(bank.closing.fr),
      ...bank.themes.flatMap((theme) => formsOf(bank.introductions[theme]!.fr)),
      ...anaAcknowledgements.fr,
    ]
    for (const text of frenchTexts) expect(text, text).not.toMatch(frenchSpacingMistake)
  })
})

describe.each(banks)('what Ana says around the questions of $name', (bank) => {
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
    ...formsOf(bank.greeting[language]),
    ...formsOf(bank.welcomeBack[language]),
    ...formsOf(bank.closing[language]),
    ...bank.themes.flatMap((theme) => formsOf(bank.introductions[theme]![language])),
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
    expect(Object.keys(bank.introductions).sort()).toEqual([...bank.themes].sort())
    for (const language of languages) {
      for (const text of [bank.greeting[language], bank.welcomeBack[language], bank.closing[language], ...bank.themes.map((theme) => bank.introductions[theme]![language])]) {
        if (typeof text !== 'string') expect(text.living, language).not.toBe(text.deceased)
      }
    }
  })

  it('suggests in the greeting only skip words the interviewer recognises', () => {
    for (const language of languages) {
      for (const greeting of [...formsOf(bank.greeting[language]), ...formsOf(bank.welcomeBack[language])]) {
        const quoted = [...greeting.matchAll(/[«“]([^»”]+)[»”]/g)].map((match) => (match[1] ?? '').trim())
        expect(quoted.length, language).toBeGreaterThan(0)
        for (const word of quoted) expect(skipPhrases[language], language).toContain(word)
      }
    }
  })

  it('names only existing themes as gentle, once each', () => {
    expect(duplicatesOf(bank.gentleThemes)).toEqual([])
    expect(bank.gentleThemes).toContain('hardTimes')
    for (const theme of bank.gentleThemes) expect(bank.themes).toContain(theme)
  })
})

describe('between Ana’s two sets', () => {
  const allTexts = [...textsOf(anaQuestions), ...textsOf(anaAncestorQuestions), ...textsOf([metQuestion])]

  it('never lets a question of one set contain one of the other or the question whether the person met them', () => {
    const clashes: string[] = []
    for (const inner of allTexts) {
      for (const outer of allTexts) {
        if (inner !== outer && outer.text.includes(inner.text)) clashes.push(`${inner.label} is inside ${outer.label}`)
      }
    }
    expect(clashes).toEqual([])
  })

  it('asks the ancestor set nothing that needs memories of one’s own', () => {
    const ownMemory = /primer recuerdo|recuerdas|te enseñó|extrañas|first memory|you remember|taught you|you miss|souvenir|vous rappelle|vous manque/i
    for (const { label, text } of textsOf(anaAncestorQuestions)) expect(text, label).not.toMatch(ownMemory)
  })

  it('asks whether the person met the relative as a plain question in every language and form, after a short introduction', () => {
    for (const { label, language, text } of textsOf([metQuestion])) {
      expect(text, label).toContain('{name}')
      expect(text.endsWith('?'), label).toBe(true)
      if (language === 'es') expect(text.startsWith('¿'), label).toBe(true)
      if (language === 'fr') expect(text, label).not.toMatch(frenchSpacingMistake)
    }
    for (const language of languages) {
      for (const text of [...formsOf(metQuestionIntroductions[language]), ...formsOf(anaAncestorBridges[language])]) {
        expect(text, language).not.toContain('?')
        expect(text, language).not.toContain("'")
        if (language === 'fr') expect(text, language).not.toMatch(frenchSpacingMistake)
      }
      expect(
        formsOf(anaAncestorBridges[language]).every((text) => text.includes('{name}')),
        language,
      ).toBe(true)
    }
  })
})

describe('the facts Ana’s questions ask for', () => {
  const byId = (id: string) => [...anaQuestions, ...anaAncestorQuestions].find((q) => q.id === id)!

  it('tags the questions whose answer is the fact itself, and no others', () => {
    const tagged = [...anaQuestions, ...anaAncestorQuestions].filter((q) => q.asks).map((q) => `${q.id}: ${q.asks!.join(', ')}`)
    expect(tagged).toEqual([
      'childhood.birthplace: birthPlace',
      'work.trade: occupation',
      'places.homes: residence',
      'ancestor.told.calledBy: nickname',
      'ancestor.roots.parents: parent',
      'ancestor.roots.birthplace: birthPlace',
      'ancestor.work.trades: occupation',
      'ancestor.love.wedding: marriageDate, marriagePlace',
      'ancestor.love.partner: spouse',
    ])
  })

  it('reads «Nació en Pasto, Nariño, hacia 1931», told about a relative, as where and when they were born', () => {
    const answer = 'Nació en Pasto, Nariño, hacia 1931'
    const proposals = readFacts(answer, 'es', { asks: byId('childhood.birthplace').asks })
    expect(proposals.map((p) => [p.kind, p.kind === 'birthDate' ? storedDateText(p.value) : p.value, p.quote.text]).sort()).toEqual([
      ['birthDate', 'ABT 1931', answer],
      ['birthPlace', 'Pasto, Nariño', answer],
    ])
  })

  it('reads a bare answer to a tagged question as its fact, in every language', () => {
    const answers: Record<Language, [string, string]> = {
      es: ['En Pasto, Nariño.', 'Costurera.'],
      en: ['In Pasto, Nariño.', 'She was a seamstress.'],
      fr: ['À Pasto, Nariño.', 'Elle était couturière.'],
    }
    for (const language of languages) {
      const [place, trade] = answers[language]
      expect(
        readFacts(place, language, { asks: byId('ancestor.roots.birthplace').asks }).map((p) => `${p.kind}: ${String(p.value)}`),
        language,
      ).toEqual(['birthPlace: Pasto, Nariño'])
      expect(
        readFacts(trade, language, { asks: byId('work.trade').asks }).map((p) => p.kind),
        language,
      ).toEqual(['occupation'])
    }
  })
})
