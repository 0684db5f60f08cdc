import { describe, expect, it } from 'vitest'
import type { Language } from '../../../../shared/limits.ts'
import type { ChatTurn } from '../ai-provider.ts'
import { guidedCronos, isSkipRequest, questionsPerVisit } from './guided-interviewer.ts'
import { acknowledgements, chapterIntroductions, closings, gentleAcknowledgements, greetings, questions, skipReplies, welcomeBacks, type GuidedQuestion } from './question-bank.ts'

/** The guided question a text of Cronos ends with. */
function askedIn(text: string, language: Language = 'es'): GuidedQuestion | undefined {
  return questions.find((question) => text.endsWith(question.text[language]))
}

/** Answers every question in turn, as the biography saves exchanges, and returns what Cronos asked. */
function interview(answers: (question: GuidedQuestion) => string, count: number, language: Language = 'es', history: ChatTurn[] = []) {
  const turns = [...history]
  const asked: GuidedQuestion[] = []
  let current = askedIn(guidedCronos.opening(turns, language), language)
  for (let i = 0; i < count && current; i += 1) {
    asked.push(current)
    turns.push({ role: 'user', text: answers(current) })
    const reply = guidedCronos.reply(turns, language)
    turns.push({ role: 'model', text: reply })
    current = askedIn(reply, language)
  }
  return { asked, turns }
}

describe('the guided interviewer', () => {
  it('opens with the greeting and the first question of the origins', () => {
    const opening = guidedCronos.opening([], 'es')
    expect(opening).toContain('Cronos')
    expect(askedIn(opening)?.id).toBe(questions[0]!.id)
    expect(opening).toContain(chapterIntroductions.origins.es)
  })

  it('asks every question once and only once, then closes', () => {
    const { asked, turns } = interview(() => 'Una respuesta corta.', questions.length + 5)
    expect(asked).toHaveLength(questions.length)
    expect(new Set(asked.map((q) => q.id)).size).toBe(questions.length)
    expect(turns.at(-1)!.text.endsWith(closings.es)).toBe(true)
    expect(guidedCronos.opening(turns, 'es').endsWith(closings.es)).toBe(true)
  })

  it('stays a few questions in a chapter, then moves on in life order while chapters are equally empty', () => {
    const { asked } = interview(() => 'Sí.', questionsPerVisit * 3)
    expect(asked.map((q) => q.chapter)).toEqual([
      ...Array(questionsPerVisit).fill('origins'),
      ...Array(questionsPerVisit).fill('childhood'),
      ...Array(questionsPerVisit).fill('family'),
    ])
  })

  it('prefers the chapters written about least', () => {
    // Long answers about childhood: after origins, Cronos goes to the family, not back to childhood.
    const { asked } = interview((q) => (q.chapter === 'childhood' ? 'Muchos recuerdos de la infancia. '.repeat(40) : 'Poco.'), questionsPerVisit * 4)
    const visits = asked.map((q) => q.chapter).filter((chapter, i, all) => chapter !== all[i - 1])
    expect(visits.slice(0, 4)).toEqual(['origins', 'childhood', 'family', 'school'])
    const longHistory = interview((q) => (q.chapter === 'origins' ? 'Larga historia de mis raíces. '.repeat(50) : 'Poco.'), questionsPerVisit * 6).asked
    const later = longHistory.slice(questionsPerVisit).map((q) => q.chapter)
    expect(later).not.toContain('origins')
  })

  it('never repeats a question already asked, even when the person changes language', () => {
    const spanish = interview(() => 'Respuesta.', 5, 'es')
    const french = interview(() => 'Réponse.', 5, 'fr', spanish.turns)
    const ids = [...spanish.asked, ...french.asked].map((q) => q.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(french.turns.at(-1)!.text).not.toMatch(/¿/)
  })

  it('acknowledges briefly, varies the words, and is gentler about hard times', () => {
    const { turns } = interview(() => 'Mi casa tenía un patio grande.', 4)
    const replies = turns.filter((t) => t.role === 'model').map((t) => t.text)
    for (const reply of replies) expect(acknowledgements.es.some((ack) => reply.startsWith(ack))).toBe(true)
    const first = (reply: string) => acknowledgements.es.find((ack) => reply.startsWith(ack))
    for (let i = 1; i < replies.length; i += 1) expect(first(replies[i]!)).not.toBe(first(replies[i - 1]!))

    const hard = questions.find((q) => q.chapter === 'hardTimes')!
    const reply = guidedCronos.reply(
      [
        { role: 'model', text: hard.text.es },
        { role: 'user', text: 'Fue un año muy difícil.' },
      ],
      'es',
    )
    expect(gentleAcknowledgements.es.some((ack) => reply.startsWith(ack))).toBe(true)
  })

  it('lets the person skip a question, and does not count a story as a skip', () => {
    const reply = guidedCronos.reply([{ role: 'user', text: 'Siguiente.' }], 'es')
    expect(skipReplies.es.some((text) => reply.startsWith(text))).toBe(true)
    expect(askedIn(reply)?.id).not.toBe(questions[0]!.id)
    expect(isSkipRequest('otra')).toBe(true)
    expect(isSkipRequest('No, prefiero no responder.')).toBe(true)
    expect(isSkipRequest('next')).toBe(true)
    expect(isSkipRequest('La otra casa, la de mi tía, tenía un balcón lleno de geranios.')).toBe(false)
    expect(isSkipRequest('Otra vez me mudé a los doce años, y esa vez prefiero no responder por qué, pero fue por el trabajo de mi madre en la fábrica de Itagüí.')).toBe(false)
  })

  it('opens a returning person’s chat on the question still waiting for an answer', () => {
    const { turns } = interview(() => 'Respuesta.', 3)
    const waiting = askedIn(turns.at(-1)!.text)!
    const reopened = guidedCronos.opening(turns, 'es')
    expect(askedIn(reopened)?.id).toBe(waiting.id)
    expect(askedIn(guidedCronos.opening(turns, 'en'), 'en')?.id).toBe(waiting.id)
  })

  it('welcomes a returning person back instead of introducing itself again', () => {
    const { turns } = interview(() => 'Respuesta.', 2)
    for (const language of ['es', 'en', 'fr'] as const) {
      const reopened = guidedCronos.opening(turns, language)
      expect(reopened.startsWith(welcomeBacks[language])).toBe(true)
      expect(reopened).not.toContain(greetings[language])
    }
    expect(guidedCronos.opening([], 'es').startsWith(greetings.es)).toBe(true)
  })
})
