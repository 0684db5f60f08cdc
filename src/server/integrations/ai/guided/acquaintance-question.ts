import { languages, type Language } from '../../../../shared/limits.ts'
import { normalise, type BankQuestion, type Tensed } from './guided-interviewer.ts'

/**
 * What Ana asks first about a relative the tree cannot tell whether the person knew, and how she
 * reads the answer: a «no» turns the conversation to the questions for an ancestor never met
 * (ana-ancestor-bank.ts); anything else, or a skipped question, keeps the first bank.
 */
export const metQuestion: BankQuestion<'acquaintance'> = {
  id: 'acquaintance.met',
  theme: 'acquaintance',
  text: {
    es: { living: '¿Conoces a {name} en persona?', deceased: '¿Llegaste a conocer a {name}?' },
    en: { living: 'Have you met {name} in person?', deceased: 'Did you ever get to meet {name}?' },
    fr: { living: 'Avez-vous déjà rencontré {name} en personne ?', deceased: 'Avez-vous connu {name} de son vivant ?' },
  },
}

/** Said before the question, after the greeting. */
export const metQuestionIntroductions: Record<Language, Tensed> = {
  es: 'Antes de empezar, una pregunta.',
  en: 'Before we begin, one question.',
  fr: 'Avant de commencer, une question.',
}

// Answers compared as `normalise` leaves them: lower case, no accents, punctuation as spaces.
/** An answer that begins so says no («No, murió antes de que yo naciera», "Never", «Jamais»)… */
const noBeginnings: Record<Language, readonly string[]> = {
  es: ['no', 'nunca', 'jamas', 'tampoco', 'lamentablemente no', 'por desgracia no', 'desgraciadamente no', 'que va'],
  en: ['no', 'nope', 'never', 'sadly no', 'sadly not', 'unfortunately not', 'unfortunately no', 'not really', 'i never', 'i did not', 'i didn t', 'i have not', 'i haven t'],
  fr: ['non', 'jamais', 'malheureusement non', 'helas non', 'pas vraiment', 'je ne l ai pas', 'je ne l ai jamais', 'je n ai jamais'],
}

/** …unless it goes on to say a little: «No mucho, era muy pequeña» is a yes, with few memories. */
const partlyBeginnings: Record<Language, readonly string[]> = {
  es: ['no mucho', 'no muy', 'no tanto', 'no demasiado', 'no tan'],
  en: ['not much', 'not very', 'not well', 'no not much', 'not for long'],
  fr: ['pas beaucoup', 'pas tres', 'pas longtemps', 'non pas beaucoup', 'pas bien'],
}

/** An answer that begins with a yes is a yes, whatever follows. */
const yesBeginnings: Record<Language, readonly string[]> = {
  es: ['si', 'claro', 'por supuesto', 'un poco', 'poco'],
  en: ['yes', 'yeah', 'of course', 'a little', 'briefly'],
  fr: ['oui', 'bien sur', 'un peu', 'brievement'],
}

/** Said anywhere in the answer, these mean never met («Solo de oídas», "before I was born"). */
const neverMetWords: Record<Language, readonly string[]> = {
  es: [
    'no llegue a conocer',
    'no lo conoci',
    'no la conoci',
    'no le conoci',
    'nunca lo conoci',
    'nunca la conoci',
    'antes de que yo naciera',
    'antes de que naciera',
    'antes de nacer yo',
    'solo de oidas',
    'solo por fotos',
    'solo por lo que',
  ],
  en: ['never met', 'never knew', 'never got to', 'before i was born', 'only from stories', 'only from what', 'only through stories', 'didn t get to meet'],
  fr: ['jamais connu', 'pas connu', 'jamais rencontre', 'avant ma naissance', 'avant que je naisse', 'seulement par ce qu', 'que par ce qu'],
}

const beginsWith = (said: string, lists: Record<Language, readonly string[]>) =>
  languages.some((language) => lists[language].some((words) => said === words || said.startsWith(`${words} `)))

/** Whether an answer to `metQuestion` says the person never met the relative, in any of the three languages. */
export function saysNeverMet(answer: string): boolean {
  const said = normalise(answer)
  if (beginsWith(said, partlyBeginnings) || beginsWith(said, yesBeginnings)) return false
  return beginsWith(said, noBeginnings) || languages.some((language) => neverMetWords[language].some((words) => ` ${said} `.includes(` ${words} `)))
}
