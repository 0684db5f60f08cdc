import {
  anaAcknowledgements,
  anaClosings,
  anaGentleAcknowledgements,
  anaGentleThemes,
  anaGreetings,
  anaQuestions,
  anaSkipReplies,
  anaThemeIntroductions,
  anaThemes,
} from './ana-question-bank.ts'
import { createGuidedInterviewer } from './guided-interviewer.ts'

/** Ana without a model: questions about the relative by name, in their tense, themes written about least first. */
export const guidedAna = createGuidedInterviewer({
  themes: anaThemes,
  questions: anaQuestions,
  greeting: anaGreetings,
  themeIntroductions: anaThemeIntroductions,
  acknowledgements: anaAcknowledgements,
  gentleAcknowledgements: anaGentleAcknowledgements,
  gentleThemes: anaGentleThemes,
  skipReplies: anaSkipReplies,
  closing: anaClosings,
})
