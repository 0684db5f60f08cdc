import type { ChatTurn, PersonaSubject } from '../ai-provider.ts'
import { metQuestion, metQuestionIntroductions, saysNeverMet } from './acquaintance-question.ts'
import { anaAncestorQuestions, anaAncestorThemes } from './ana-ancestor-bank.ts'
import {
  anaAncestorBridges,
  anaAncestorClosings,
  anaAncestorGentleThemes,
  anaAncestorGreetings,
  anaAncestorThemeIntroductions,
  anaAncestorWelcomeBacks,
} from './ana-ancestor-phrases.ts'
import {
  anaAcknowledgements,
  anaClosings,
  anaGentleThemes,
  anaGreetings,
  anaQuestions,
  anaThemeIntroductions,
  anaThemes,
  anaWelcomeBacks,
  type AnaTheme,
} from './ana-question-bank.ts'
import { createGuidedInterviewer, render, type GuidedInterviewer } from './guided-interviewer.ts'
import type { GuidedScript } from './guided-provider.ts'
// Words for a painful memory and for a skipped question name no one: Ana says them as Cronos does.
import { gentleAcknowledgements, skipReplies } from './question-bank.ts'

const alwaysSaid = { acknowledgements: anaAcknowledgements, gentleAcknowledgements, skipReplies }

/** Questions about a relative the person knew: their voice, their kitchen, what they shared. */
const knownRelative = createGuidedInterviewer({
  ...alwaysSaid,
  themes: anaThemes,
  questions: anaQuestions,
  greeting: anaGreetings,
  welcomeBack: anaWelcomeBacks,
  themeIntroductions: anaThemeIntroductions,
  gentleThemes: anaGentleThemes,
  closing: anaClosings,
})

/** The same, first asking whether the person met the relative at all. */
const perhapsKnown = createGuidedInterviewer<AnaTheme | 'acquaintance'>({
  ...alwaysSaid,
  themes: ['acquaintance', ...anaThemes],
  questions: [metQuestion, ...anaQuestions],
  greeting: anaGreetings,
  welcomeBack: anaWelcomeBacks,
  themeIntroductions: { ...anaThemeIntroductions, acquaintance: metQuestionIntroductions },
  gentleThemes: anaGentleThemes,
  closing: anaClosings,
})

/** Questions about an ancestor never met: what the family tells, what is kept, what is known. */
const ancestor = createGuidedInterviewer({
  ...alwaysSaid,
  themes: anaAncestorThemes,
  questions: anaAncestorQuestions,
  greeting: anaAncestorGreetings,
  welcomeBack: anaAncestorWelcomeBacks,
  themeIntroductions: anaAncestorThemeIntroductions,
  gentleThemes: anaAncestorGentleThemes,
  closing: anaAncestorClosings,
})

/** Which questions a conversation follows, and the turns they follow from. */
interface Course {
  script: GuidedInterviewer
  turns: readonly ChatTurn[]
  /** The person said, answering `metQuestion`, that they never met the relative. */
  hasTurned: boolean
}

/**
 * What the tree tells decides (`PersonaSubject.acquaintance`); when it cannot, the person's answer
 * to `metQuestion` does, and the ancestor's questions go on from the turns after that answer.
 */
function courseOf(turns: readonly ChatTurn[], subject: PersonaSubject | undefined): Course {
  if (subject?.acquaintance === 'neverMet') return { script: ancestor, turns, hasTurned: false }
  if (subject?.acquaintance === 'met') return { script: knownRelative, turns, hasTurned: false }
  const answer = perhapsKnown.answerTo(turns, metQuestion.id, subject)
  if (answer && saysNeverMet(answer.text)) return { script: ancestor, turns: turns.slice(answer.index + 1), hasTurned: true }
  return { script: perhapsKnown, turns, hasTurned: false }
}

/**
 * Ana without a model (docs/product.md#ai-modes): questions about the relative by name, in their
 * tense, themes written about least first; about an ancestor the person never met, questions about
 * what the family tells and keeps instead of memories of their own.
 */
export const guidedAna: GuidedScript = {
  opening(history, language, subject) {
    const course = courseOf(history, subject)
    // The person has answered (that they never met them): she goes on, she does not start again.
    if (course.hasTurned) return `${render(anaAncestorWelcomeBacks[language], subject)} ${ancestor.next(course.turns, language, subject)}`
    return course.script.opening(course.turns, language, subject)
  },

  reply(turns, language, subject) {
    const course = courseOf(turns, subject)
    // This very message said no: she says what the conversation becomes, then asks its first question.
    if (course.hasTurned && course.turns.length === 0) return `${render(anaAncestorBridges[language], subject)} ${ancestor.next([], language, subject)}`
    return course.script.reply(course.turns, language, subject)
  },
}
