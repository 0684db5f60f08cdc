import { describe, expect, it } from 'vitest'
import { languages, type Language } from '../../../../shared/limits.ts'
import type { Acquaintance, ChatTurn, PersonaSubject } from '../ai-provider.ts'
import { metQuestion, saysNeverMet } from './acquaintance-question.ts'
import { anaAncestorQuestions } from './ana-ancestor-bank.ts'
import { anaAncestorBridges, anaAncestorClosings, anaAncestorGreetings, anaAncestorWelcomeBacks } from './ana-ancestor-phrases.ts'
import { anaGreetings, anaQuestions, anaWelcomeBacks } from './ana-question-bank.ts'
import { guidedAna } from './guided-ana.ts'
import { render, type BankQuestion } from './guided-interviewer.ts'

const rosa = (acquaintance?: Acquaintance, isDeceased = true): PersonaSubject => ({ name: 'Rosa', isDeceased, ...(acquaintance ? { acquaintance } : {}) })
const allQuestions: readonly BankQuestion<string>[] = [metQuestion, ...anaQuestions, ...anaAncestorQuestions]

/** The question a text of Ana ends with, from either set. */
function askedIn(text: string, subject: PersonaSubject, language: Language = 'es'): BankQuestion<string> | undefined {
  return allQuestions.find((question) => text.endsWith(render(question.text[language], subject)))
}

/** Answers each question in turn, as the interview saves exchanges, and returns what Ana asked. */
function interview(subject: PersonaSubject, answers: (question: BankQuestion<string>) => string, count: number, language: Language = 'es', history: ChatTurn[] = []) {
  const turns = [...history]
  const asked: BankQuestion<string>[] = []
  let current = askedIn(guidedAna.opening(turns, language, subject), subject, language)
  for (let i = 0; i < count && current; i += 1) {
    asked.push(current)
    turns.push({ role: 'user', text: answers(current) })
    const reply = guidedAna.reply(turns, language, subject)
    turns.push({ role: 'model', text: reply })
    current = askedIn(reply, subject, language)
  }
  return { asked, turns }
}

const isAncestorQuestion = (question: BankQuestion<string>) => question.id.startsWith('ancestor.')

describe('whether the person met the relative, in their own words', () => {
  it.each([
    'No',
    'no.',
    'No, murió antes de que yo naciera.',
    'Nunca.',
    'Lamentablemente no.',
    'Solo de oídas, por lo que contaba mi madre.',
    'No llegué a conocerla.',
    'Never.',
    'No, she died before I was born.',
    'I never met him.',
    'Sadly not.',
    'Only from stories my father told.',
    'Non.',
    'Jamais, hélas.',
    'Je ne l’ai jamais connue.',
    'Elle est morte avant ma naissance.',
  ])('«%s» means never met', (answer) => expect(saysNeverMet(answer)).toBe(true))

  it.each([
    'Sí',
    'Sí, de pequeña pasaba los veranos en su casa.',
    'No mucho, era muy pequeña.',
    'Un poco.',
    'Claro, vivía con nosotros.',
    'Era muy alegre y cantaba boleros.',
    'Yes, every summer.',
    'Not much, I was very small.',
    'Oui, bien sûr.',
    'Pas beaucoup, j’étais petite.',
    'otra',
  ])('«%s» means met, or says nothing against it', (answer) => expect(saysNeverMet(answer)).toBe(false))
})

describe('Ana without a model, choosing her questions by whether the person knew the relative', () => {
  it.each(languages)('about an ancestor the tree says was never met, opens on what the family tells and never asks for memories (%s)', (language) => {
    const subject = rosa('neverMet')
    const opening = guidedAna.opening([], language, subject)
    expect(opening.startsWith(render(anaAncestorGreetings[language], subject))).toBe(true)
    expect(askedIn(opening, subject, language)?.id).toBe(anaAncestorQuestions[0]!.id)
    const { asked, turns } = interview(
      subject,
      () => (language === 'es' ? 'Respuesta.' : language === 'en' ? 'An answer.' : 'Une réponse.'),
      anaAncestorQuestions.length + 3,
      language,
    )
    expect(asked.every(isAncestorQuestion)).toBe(true)
    expect(new Set(asked.map((q) => q.id)).size).toBe(anaAncestorQuestions.length)
    expect(turns.at(-1)!.text.endsWith(render(anaAncestorClosings[language], subject))).toBe(true)
  })

  it('about someone the tree says the person knew, asks the first set from its first question, never whether they met', () => {
    const subject = rosa('met')
    const opening = guidedAna.opening([], 'es', subject)
    expect(opening.startsWith(render(anaGreetings.es, subject))).toBe(true)
    expect(askedIn(opening, subject)?.id).toBe(anaQuestions[0]!.id)
    const { asked } = interview(subject, () => 'No.', 8)
    expect(asked.some((q) => q.id === metQuestion.id || isAncestorQuestion(q))).toBe(false)
  })

  it.each([
    ['es', 'No, murió antes de que yo naciera.'],
    ['en', 'Never, she died before I was born.'],
    ['fr', 'Non, jamais.'],
  ] as const)('when the tree cannot tell, asks first, and a no turns to the ancestor set (%s)', (language, no) => {
    const subject = rosa()
    const opening = guidedAna.opening([], language, subject)
    expect(opening.startsWith(render(anaGreetings[language], subject))).toBe(true)
    expect(askedIn(opening, subject, language)?.id).toBe(metQuestion.id)
    const { asked, turns } = interview(subject, (q) => (q.id === metQuestion.id ? no : 'Una historia.'), 5, language)
    // From the no on, the very questions the tree's «never met» would have led to.
    const told = interview(rosa('neverMet'), () => 'Una historia.', 5, language).asked.map((q) => q.id)
    expect(asked.map((q) => q.id)).toEqual([metQuestion.id, ...told.slice(0, 4)])
    expect(turns[1]!.text.startsWith(render(anaAncestorBridges[language], subject))).toBe(true)
    // Back another day, she goes on with the ancestor set where it was left.
    const reopened = guidedAna.opening(turns, language, subject)
    expect(reopened.startsWith(render(anaAncestorWelcomeBacks[language], subject))).toBe(true)
    expect(askedIn(reopened, subject, language)?.id).toBe(told[4])
  })

  it('when the tree cannot tell, a yes, a story or a skipped question keeps the first set, and she does not ask again', () => {
    const subject = rosa()
    const known = interview(rosa('met'), () => 'Respuesta.', 5).asked.map((q) => q.id)
    for (const answer of ['Sí, era mi abuela.', 'Cantaba boleros en la cocina.', 'otra']) {
      const { asked } = interview(subject, (q) => (q.id === metQuestion.id ? answer : 'Respuesta.'), 6)
      expect(asked.map((q) => q.id)).toEqual([metQuestion.id, ...known])
    }
  })

  it('asks a living relative in the present, and a no still turns to what the family tells', () => {
    const subject = rosa(undefined, false)
    const opening = guidedAna.opening([], 'es', subject)
    expect(opening.endsWith('¿Conoces a Rosa en persona?')).toBe(true)
    const { asked } = interview(subject, () => 'No.', 3)
    expect(asked.slice(1).every(isAncestorQuestion)).toBe(true)
  })

  it('reads the answer whether or not the opening is among the saved turns', () => {
    const subject = rosa()
    const opening = guidedAna.opening([], 'es', subject)
    for (const history of [
      [{ role: 'user', text: 'No.' }],
      [
        { role: 'model', text: opening },
        { role: 'user', text: 'No.' },
      ],
    ] satisfies ChatTurn[][]) {
      const reply = guidedAna.reply(history, 'es', subject)
      expect(askedIn(reply, subject)?.id).toBe(anaAncestorQuestions[0]!.id)
    }
  })

  it('after the tree learns the relative was never met, opens the ancestor set for a new conversation', () => {
    const subject = rosa()
    expect(guidedAna.opening([], 'es', subject)).not.toContain(render(anaAncestorGreetings.es, subject))
    expect(guidedAna.opening([], 'es', rosa('neverMet'))).toContain(render(anaAncestorGreetings.es, subject))
    expect(guidedAna.opening([{ role: 'user', text: 'Sí.' }], 'es', rosa('met')).startsWith(render(anaWelcomeBacks.es, subject))).toBe(true)
  })
})
