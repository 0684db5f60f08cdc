import { describe, expect, it } from 'vitest'
import type { FactGap } from '../../../../shared/facts/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { ChatTurn, PersonaSubject } from '../ai-provider.ts'
import { metQuestion } from './acquaintance-question.ts'
import { anaAncestorQuestions } from './ana-ancestor-bank.ts'
import { anaQuestions } from './ana-question-bank.ts'
import { guidedAna } from './guided-ana.ts'
import { guidedCronos, render, type BankQuestion } from './guided-interviewer.ts'
import type { GuidedScript } from './guided-provider.ts'
import { questions as cronosQuestions } from './question-bank.ts'

const every: readonly BankQuestion<string>[] = [metQuestion, ...anaQuestions, ...anaAncestorQuestions, ...cronosQuestions.map((q) => ({ ...q, theme: q.chapter }))]

/** A whole guided interview, the way the pages keep it; each answer from `answer`. Returns the ids asked, in order, and the turns. */
function interview(script: GuidedScript, subject: PersonaSubject | undefined, count: number, answer: (id: string) => string = () => 'Sí.', language: Language = 'es') {
  const askedIn = (text: string) => every.find((question) => text.endsWith(render(question.text[language], subject)))
  const turns: ChatTurn[] = []
  const asked: string[] = []
  let text = script.opening(turns, language, subject)
  for (let question = askedIn(text); question && asked.length < count; question = askedIn(text)) {
    asked.push(question.id)
    turns.push({ role: 'model', text }, { role: 'user', text: answer(question.id) })
    text = script.reply(turns, language, subject)
  }
  return { asked, turns }
}

const aurora = (unknown: FactGap[], acquaintance: 'met' | 'neverMet' | 'unknown' = 'met'): PersonaSubject => ({
  name: 'Aurora',
  isDeceased: true,
  ...(acquaintance === 'unknown' ? {} : { acquaintance }),
  unknown,
})
const themesOf = (ids: string[]) => ids.map((id) => id.replace(/^ancestor\./, '').split('.')[0])

describe('the guided interviewer aiming at what is still unknown', () => {
  it('opens as ever, then starts its next theme with the question that asks for the most wanted unknown fact', () => {
    const plain = interview(guidedAna, aurora([]), 4).asked
    expect(plain).toEqual(['portrait.firstMemory', 'portrait.looks', 'portrait.voice', 'childhood.birthplace'])
    const aimed = interview(guidedAna, aurora(['residence', 'occupation']), 10).asked
    expect(aimed.slice(0, 4)).toEqual(['portrait.firstMemory', 'portrait.looks', 'portrait.voice', 'places.homes'])
    // Three questions in the places, then the next unknown: the trade.
    expect(themesOf(aimed.slice(3, 6))).toEqual(['places', 'places', 'places'])
    expect(aimed[6]).toBe('work.trade')
  })

  it('prefers, within a theme, the question that asks for an unknown fact', () => {
    const subject = aurora(['parent', 'nickname'], 'neverMet')
    const { asked } = interview(guidedAna, subject, 4)
    // «¿Cómo llamaban a Aurora…?» comes before the rest of what the family tells, then her parents.
    expect(asked).toEqual(['ancestor.told.storiesTold', 'ancestor.told.calledBy', 'ancestor.told.firstHeard', 'ancestor.roots.parents'])
  })

  it('asks first whether the person met a relative the tree cannot place, whatever is unknown', () => {
    expect(interview(guidedAna, aurora(['birthPlace', 'occupation'], 'unknown'), 1).asked).toEqual(['acquaintance.met'])
  })

  it('goes to the childhood while no answer of this conversation was written there, and then no more', () => {
    const { asked } = interview(guidedAna, aurora(['occupation', 'childhood']), 13, (id) => (id.startsWith('childhood.') ? 'Jugaba en el patio con sus primos.' : 'Sí.'))
    const visits = themesOf(asked).filter((theme, i, all) => theme !== all[i - 1])
    expect(visits).toEqual(['portrait', 'work', 'childhood', 'family', 'character'])
    // Cronos: after the origins, the teller's own childhood.
    expect(themesOf(interview(guidedCronos, { name: '', isDeceased: false, unknown: ['childhood'] }, 4).asked)).toEqual(['origins', 'origins', 'origins', 'childhood'])
  })

  it('still asks every question once and only once, then closes', () => {
    const gaps: FactGap[] = [
      'birthPlace',
      'birthDate',
      'parent',
      'deathPlace',
      'deathDate',
      'spouse',
      'child',
      'marriageDate',
      'marriagePlace',
      'childhood',
      'occupation',
      'residence',
      'nickname',
    ]
    for (const [script, subject, size] of [
      [guidedAna, aurora(gaps), anaQuestions.length],
      [guidedAna, aurora(gaps, 'neverMet'), anaAncestorQuestions.length],
      [guidedCronos, { name: '', isDeceased: false, unknown: gaps }, cronosQuestions.length],
    ] as const) {
      const { asked, turns } = interview(script, subject, size + 5)
      expect(asked).toHaveLength(size)
      expect(new Set(asked).size).toBe(size)
      // Read again from the same conversation, it asks the same: it keeps nothing of its own.
      for (let end = 2; end <= turns.length; end += 10) {
        const again = script.reply(turns.slice(0, end), 'es', subject)
        expect(again).toBe(end < turns.length ? turns[end]!.text : script.reply(turns, 'es', subject))
      }
    }
  })
})
