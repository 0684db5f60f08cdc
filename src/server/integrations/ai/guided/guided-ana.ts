import { anaAcknowledgements, anaClosings, anaGentleThemes, anaGreetings, anaQuestions, anaThemeIntroductions, anaThemes, anaWelcomeBacks } from './ana-question-bank.ts'
import { createGuidedInterviewer } from './guided-interviewer.ts'
// Words for a painful memory and for a skipped question name no one: Ana says them as Cronos does.
import { gentleAcknowledgements, skipReplies } from './question-bank.ts'

/** Ana without a model: questions about the relative by name, in their tense, themes written about least first. */
export const guidedAna = createGuidedInterviewer({
  themes: anaThemes,
  questions: anaQuestions,
  greeting: anaGreetings,
  welcomeBack: anaWelcomeBacks,
  themeIntroductions: anaThemeIntroductions,
  acknowledgements: anaAcknowledgements,
  gentleAcknowledgements,
  gentleThemes: anaGentleThemes,
  skipReplies,
  closing: anaClosings,
})
