import { describe, expect, it } from 'vitest'
import { languages, type Language } from '../../../../shared/limits.ts'
import type { ChatTurn, PersonaSubject } from '../ai-provider.ts'
import { anaAncestorQuestions } from './ana-ancestor-bank.ts'
import { anaQuestions } from './ana-question-bank.ts'
import { factsAskedBy } from './asked-facts.ts'
import { guidedAna } from './guided-ana.ts'
import { guidedCronos, render, type BankQuestion } from './guided-interviewer.ts'
import type { GuidedScript } from './guided-provider.ts'
import { questions as cronosQuestions } from './question-bank.ts'

const aurora: PersonaSubject = { name: 'Aurora', isDeceased: true, acquaintance: 'met' }
const bisabuelo: PersonaSubject = { name: 'Ramón', isDeceased: true, acquaintance: 'neverMet' }
const tia: PersonaSubject = { name: 'Elena', isDeceased: false, acquaintance: 'met' }

/** Every message a guided persona writes over a whole interview, with the question each one asks. */
function wholeInterview(script: GuidedScript, bank: readonly BankQuestion<string>[], language: Language, subject?: PersonaSubject) {
  const asked = (text: string) => bank.find((question) => text.endsWith(render(question.text[language], subject)))
  const turns: ChatTurn[] = []
  const messages: { text: string; question: BankQuestion<string> }[] = []
  let text = script.opening(turns, language, subject)
  for (let question = asked(text); question; question = asked(text)) {
    messages.push({ text, question })
    turns.push({ role: 'model', text }, { role: 'user', text: 'Una respuesta.' })
    text = script.reply(turns, language, subject)
  }
  return messages
}

describe('the facts a guided question asked for', () => {
  it.each(languages)('reads each of Cronos’ messages as the facts its question asks (%s)', (language) => {
    const messages = wholeInterview(
      guidedCronos,
      cronosQuestions.map((q) => ({ ...q, theme: q.chapter })),
      language,
    )
    expect(messages).toHaveLength(cronosQuestions.length)
    for (const { text, question } of messages) expect(factsAskedBy(text)).toEqual(question.asks ?? [])
    expect(messages.filter((m) => factsAskedBy(m.text).length > 0).map((m) => m.question.id)).toEqual(['origins.birthplace'])
  })

  it.each(languages)('reads each of Ana’s messages about a relative the person knew, with the name and the tense (%s)', (language) => {
    for (const subject of [aurora, tia]) {
      const messages = wholeInterview(guidedAna, anaQuestions, language, subject)
      expect(messages).toHaveLength(anaQuestions.length)
      for (const { text, question } of messages) expect(factsAskedBy(text, subject)).toEqual(question.asks ?? [])
    }
  })

  it.each(languages)('reads each of Ana’s messages about an ancestor never met (%s)', (language) => {
    const messages = wholeInterview(guidedAna, anaAncestorQuestions, language, bisabuelo)
    expect(messages).toHaveLength(anaAncestorQuestions.length)
    for (const { text, question } of messages) expect(factsAskedBy(text, bisabuelo)).toEqual(question.asks ?? [])
    expect(messages.flatMap((m) => factsAskedBy(m.text, bisabuelo)).sort()).toEqual(['birthPlace', 'marriageDate', 'marriagePlace', 'nickname', 'occupation', 'parent', 'spouse'])
  })

  it('knows the question as Ana asked it, in the words stored with the answer', () => {
    expect(factsAskedBy('Gracias por contármelo. Volvamos ahora a la infancia de Aurora. ¿Dónde nació Aurora y dónde pasó su infancia?', aurora)).toEqual(['birthPlace'])
    expect(factsAskedBy('Merci. D’où venait Aurora, et où s’est passée son enfance\u00a0?', aurora)).toEqual(['birthPlace'])
    expect(factsAskedBy('Thank you. Now to love in Ramón’s life. What is known about Ramón’s wedding or union?', bisabuelo)).toEqual(['marriageDate', 'marriagePlace'])
    // Asked while the relative was living, read after the card says they died.
    expect(factsAskedBy('D’où vient Aurora, et où s’est passée son enfance\u00a0?', aurora)).toEqual(['birthPlace'])
  })

  it('finds nothing in a question of its own, about someone else, or in none at all', () => {
    expect(factsAskedBy(null, aurora)).toEqual([])
    expect(factsAskedBy('', aurora)).toEqual([])
    expect(factsAskedBy('¿Y qué recuerdas de la casa de tu abuela en Pasto?', aurora)).toEqual([])
    // Another relative's name: the answer is about them, not about Aurora.
    expect(factsAskedBy('¿Dónde nació Jorge y dónde pasó su infancia?', aurora)).toEqual([])
    // A question that asks for no fact.
    expect(factsAskedBy('¿Cuál es el primer recuerdo que tienes de Aurora?', aurora)).toEqual([])
  })

  it('takes the question asked last when a message quotes an earlier one', () => {
    const message = 'Me dijiste antes: «¿En qué pueblo o ciudad naciste?». Ahora otra pregunta: ¿Sabes por qué te pusieron el nombre que llevas?'
    expect(factsAskedBy(message)).toEqual([])
    expect(factsAskedBy('¿Sabes por qué te pusieron el nombre que llevas? Y antes: ¿En qué pueblo o ciudad naciste?')).toEqual(['birthPlace'])
  })
})
