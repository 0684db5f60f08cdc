import { describe, expect, it } from 'vitest'
import { readFacts } from '../../../../shared/facts/index.ts'
import { languages } from '../../../../shared/limits.ts'
import { acknowledgements, chapterIntroductions, chapters, closings, gentleAcknowledgements, greetings, questions, skipPhrases, skipReplies } from './question-bank.ts'

const duplicatesOf = (items: readonly string[]) => items.filter((item, index) => items.indexOf(item) !== index)

describe('the guided question bank', () => {
  it('has enough questions, at least five in every chapter', () => {
    expect(questions.length).toBeGreaterThanOrEqual(80)
    for (const chapter of chapters) {
      expect(questions.filter((q) => q.chapter === chapter).length, chapter).toBeGreaterThanOrEqual(5)
    }
  })

  it('gives every question a unique id prefixed with its chapter', () => {
    expect(duplicatesOf(questions.map((q) => q.id))).toEqual([])
    for (const q of questions) expect(q.id).toMatch(new RegExp(`^${q.chapter}\\.[a-z][a-zA-Z]+$`))
  })

  it('lists questions grouped in chapter order', () => {
    const order = questions.map((q) => chapters.indexOf(q.chapter))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('asks one short, well-formed question per language', () => {
    for (const q of questions) {
      for (const language of languages) {
        const text = q.text[language]
        expect(text.length, q.id).toBeGreaterThan(0)
        expect(text, q.id).toBe(text.trim())
        expect(text.endsWith('?'), `${q.id} ${language}`).toBe(true)
        expect(text.length, `${q.id} ${language}`).toBeLessThan(200)
        expect(text.slice(0, -1), `${q.id} ${language} holds a single question`).not.toContain('?')
      }
      expect(q.text.es.startsWith('¿'), q.id).toBe(true)
      expect(q.text.es.match(/¿/g), q.id).toHaveLength(1)
    }
  })

  it('never repeats a question text', () => {
    for (const language of languages) expect(duplicatesOf(questions.map((q) => q.text[language])), language).toEqual([])
  })

  it('keeps a no-break space before French double punctuation, so a line never starts with it', () => {
    const frenchTexts = [
      ...questions.map((q) => q.text.fr),
      greetings.fr,
      closings.fr,
      ...acknowledgements.fr,
      ...gentleAcknowledgements.fr,
      ...skipReplies.fr,
      ...chapters.map((chapter) => chapterIntroductions[chapter].fr),
    ]
    for (const text of frenchTexts) expect(text, text).not.toMatch(/(^|[^\u00a0\u202f])[?!:;»]|«[^\u00a0\u202f]/)
  })
})

describe('what Cronos says around the questions', () => {
  const pools = { acknowledgements: [acknowledgements, 8], gentleAcknowledgements: [gentleAcknowledgements, 4], skipReplies: [skipReplies, 3] } as const

  it.each(Object.entries(pools))('has a varied pool of %s in every language', (_name, [pool, minimum]) => {
    for (const language of languages) {
      expect(pool[language].length, language).toBeGreaterThanOrEqual(minimum)
      expect(duplicatesOf(pool[language]), language).toEqual([])
      for (const line of pool[language]) {
        expect(line.length).toBeGreaterThan(0)
        expect(line).toBe(line.trim())
      }
    }
  })

  it('greets, introduces every chapter and closes in every language', () => {
    for (const language of languages) {
      for (const text of [greetings[language], closings[language], ...chapters.map((chapter) => chapterIntroductions[chapter][language])]) {
        expect(text.trim().length, language).toBeGreaterThan(0)
        expect(text).toBe(text.trim())
      }
    }
  })

  it('recognises skip phrases written in lower case', () => {
    for (const language of languages) {
      expect(skipPhrases[language].length, language).toBeGreaterThan(0)
      expect(duplicatesOf(skipPhrases[language]), language).toEqual([])
      for (const phrase of skipPhrases[language]) {
        expect(phrase).toBe(phrase.toLocaleLowerCase(language))
        expect(phrase).toBe(phrase.trim())
        expect(phrase.length).toBeGreaterThan(0)
      }
    }
    expect(skipPhrases.es).toEqual(expect.arrayContaining(['otra', 'siguiente', 'pasar', 'paso', 'no quiero hablar de eso', 'prefiero no responder']))
    expect(skipPhrases.en).toEqual(expect.arrayContaining(['skip', 'next', 'pass']))
    expect(skipPhrases.fr).toEqual(expect.arrayContaining(['suivante', 'passer', 'je préfère ne pas répondre']))
  })

  it('suggests in the greeting only skip words it recognises', () => {
    for (const language of languages) {
      const quoted = [...greetings[language].matchAll(/[«“]([^»”]+)[»”]/g)].map((match) => (match[1] ?? '').trim())
      expect(quoted.length, language).toBeGreaterThan(0)
      for (const word of quoted) expect(skipPhrases[language], language).toContain(word)
    }
  })
})

describe('the facts Cronos’ questions ask for', () => {
  it('asks where one was born as a birth place, so that «En Pasto» told about oneself reads as one', () => {
    expect(questions.filter((q) => q.asks).map((q) => `${q.id}: ${q.asks!.join(', ')}`)).toEqual(['origins.birthplace: birthPlace'])
    const { asks } = questions.find((q) => q.id === 'origins.birthplace')!
    expect(readFacts('En Pasto, Nariño. Mi hermano nació en Quito.', 'es', { asks, subject: { isTeller: true } }).map((p) => `${p.kind}: ${String(p.value)}`)).toEqual([
      'birthPlace: Pasto, Nariño',
    ])
  })
})
