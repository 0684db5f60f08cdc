import type { FactKind } from '../../../../shared/facts/index.ts'
import { languages } from '../../../../shared/limits.ts'
import type { PersonaSubject } from '../ai-provider.ts'
import { metQuestion } from './acquaintance-question.ts'
import { anaAncestorQuestions } from './ana-ancestor-bank.ts'
import { anaQuestions } from './ana-question-bank.ts'
import { render, type BankQuestion, type Tensed } from './guided-interviewer.ts'
import { questions as cronosQuestions } from './question-bank.ts'

const everyQuestion: readonly Pick<BankQuestion<string>, 'text' | 'asks'>[] = [...cronosQuestions, metQuestion, ...anaQuestions, ...anaAncestorQuestions]

/** Both forms of a text: the subject may have been recorded as deceased after the question was asked, or before. */
function forms(text: Tensed): string[] {
  return typeof text === 'string' ? [text] : [text.living, text.deceased]
}

/**
 * The facts a guided question asked for, found in the text it was asked in (the persona's whole
 * message, with its acknowledgement and introduction), so that a bare answer («En Pasto») reads
 * as that fact. The question is recognised by its words in any language, with the subject's
 * name; when a message holds several, the one asked last counts.
 * [] when the message asked no bank question, or one that asks for no fact.
 */
export function factsAskedBy(question: string | null, subject?: PersonaSubject): FactKind[] {
  if (!question) return []
  let found: { asks: readonly FactKind[]; end: number; length: number } | undefined
  for (const candidate of everyQuestion) {
    for (const language of languages) {
      for (const form of forms(candidate.text[language])) {
        const words = render(form, subject)
        const at = question.lastIndexOf(words)
        if (at < 0) continue
        // By where it ends, and the longer of two that end together: a text inside another is never the one asked.
        const end = at + words.length
        if (!found || end > found.end || (end === found.end && words.length > found.length)) found = { asks: candidate.asks ?? [], end, length: words.length }
      }
    }
  }
  return found ? [...found.asks] : []
}
