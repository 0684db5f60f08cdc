import type { FactGap, FactKind } from '../../../../shared/facts/index.ts'
import { languages, type Language } from '../../../../shared/limits.ts'
import type { ChatTurn, PersonaSubject } from '../ai-provider.ts'
import type { GuidedScript } from './guided-provider.ts'
import {
  acknowledgements,
  chapterIntroductions,
  chapters,
  closings,
  gentleAcknowledgements,
  greetings,
  welcomeBacks,
  questions as cronosQuestions,
  skipPhrases,
  skipReplies,
} from './question-bank.ts'

/** A text of the script: one form, or one while the subject lives and one once they have died. `{name}` is the subject's name. */
export type Tensed = string | { living: string; deceased: string }

export interface BankQuestion<Theme extends string> {
  /** Stable forever, e.g. 'origins.birthplace'. */
  id: string
  theme: Theme
  text: Record<Language, Tensed>
  /** The genealogical facts this question asks for: an answer that is the fact alone («En Pasto») reads as one. */
  asks?: readonly FactKind[]
}

/** Everything a guided interviewer says, for any persona: its questions by theme and its set phrases. */
export interface QuestionBank<Theme extends string> {
  /** In asking order; ties between themes go to the earlier one. */
  themes: readonly Theme[]
  questions: readonly BankQuestion<Theme>[]
  greeting: Record<Language, Tensed>
  /** Said instead of the greeting when the person has answered before: they go on, not start again. */
  welcomeBack: Record<Language, Tensed>
  themeIntroductions: Record<Theme, Record<Language, Tensed>>
  acknowledgements: Record<Language, readonly string[]>
  /** For answers to the themes in `gentleThemes` (hard times, a loss). */
  gentleAcknowledgements: Record<Language, readonly string[]>
  gentleThemes: readonly Theme[]
  skipReplies: Record<Language, readonly string[]>
  closing: Record<Language, Tensed>
}

/** Questions asked in a row from one theme before the interviewer moves on to another. */
export const questionsPerVisit = 3

/** Lower case, accents removed, punctuation as spaces: how the person's words are compared with set phrases. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Whether the person asked to leave this question aside ('otra', 'siguiente', 'prefiero no responder'…). */
export function isSkipRequest(message: string): boolean {
  const said = normalise(message)
  // A longer phrase counts inside a short message ('no, prefiero no responder'), never inside a story.
  return normalisedSkipPhrases.some((wanted) => said === wanted || (wanted.includes(' ') && said.length <= wanted.length + 30 && said.includes(wanted)))
}

/** Every language's skip phrases, normalised once: each answer of a conversation is checked against them all. */
const normalisedSkipPhrases = languages.flatMap((language) => skipPhrases[language].map(normalise))

/** Renders a script text for the subject: the right tense, and their name. */
export function render(text: Tensed, subject: PersonaSubject | undefined): string {
  const form = typeof text === 'string' ? text : subject?.isDeceased ? text.deceased : text.living
  return form.replaceAll('{name}', subject?.name ?? '')
}

/** A stable choice among phrasings: varied from one message to the next, never the one just used. */
function pick(options: readonly string[], seed: string, avoidIn: string): string {
  let hash = 0
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  for (let offset = 0; offset < options.length; offset += 1) {
    const option = options[(hash + offset) % options.length]!
    if (!avoidIn.includes(option)) return option
  }
  return options[hash % options.length]!
}

/** A guided script that also tells what it would ask next and how a question was answered. */
export interface GuidedInterviewer extends GuidedScript {
  /** What it asks after these turns: the next question with its theme's introduction, or the closing. */
  next(history: readonly ChatTurn[], language: Language, subject?: PersonaSubject): string
  /** The person's answer to one of its questions and where it is among the turns; undefined until there is one. */
  answerTo(turns: readonly ChatTurn[], questionId: string, subject?: PersonaSubject): { text: string; index: number } | undefined
}

/**
 * A patient interviewer without a model (docs/product.md#ai-modes) for any question bank: it stays with a theme
 * for a few questions, then goes to the theme written about least, never asks a question twice
 * and acknowledges each answer. Everything it needs is in the conversation itself (it recognises
 * its questions by their text, in any language), so it keeps no state of its own.
 */
export function createGuidedInterviewer<Theme extends string>(bank: QuestionBank<Theme>): GuidedInterviewer {
  type Question = BankQuestion<Theme>
  const byId = new Map(bank.questions.map((question) => [question.id, question]))

  /** What the conversation so far says: which questions were asked, what is pending, how much each theme holds. */
  interface Progress {
    asked: string[]
    written: Map<Theme, number>
    pending: Question | undefined
    lastReply: string
    /** Where among the turns each question got its answer. */
    answeredAt: Map<string, number>
  }

  /** The question a reply asked, in any language (the person may have switched): the one found last. */
  function questionIn(reply: string, asked: RenderedQuestions): Question | undefined {
    let found: { question: Question; at: number } | undefined
    for (const [question, texts] of asked) {
      for (const text of texts) {
        const at = reply.lastIndexOf(text)
        if (at >= 0 && (!found || at > found.at)) found = { question, at }
      }
    }
    return found?.question
  }

  /** Each question as it reads in every language for this subject. */
  type RenderedQuestions = readonly (readonly [Question, readonly string[]])[]

  /**
   * The bank rendered for a subject, once per reading of a conversation: each of its replies is
   * looked for every question, and rendering them again for each reply made a long interview's
   * next answer cost as much as the interview was long.
   */
  function renderedFor(subject: PersonaSubject | undefined): RenderedQuestions {
    return bank.questions.map((question) => [question, languages.map((language) => render(question.text[language], subject))] as const)
  }

  /**
   * Among `pool`, the question that asks for the most wanted of the unknown facts (the childhood
   * theme's for an untold childhood, until some answer in this conversation was written there).
   */
  function aimedAt(pool: readonly Question[], unknown: readonly FactGap[], written: ReadonlyMap<Theme, number>): Question | undefined {
    for (const gap of unknown) {
      const found =
        gap === 'childhood'
          ? (written.get('childhood' as Theme) ?? 0) === 0
            ? pool.find((question) => question.theme === 'childhood')
            : undefined
          : pool.find((question) => question.asks?.includes(gap))
      if (found) return found
    }
    return undefined
  }

  function nextQuestion(asked: readonly string[], written: ReadonlyMap<Theme, number>, unknown: readonly FactGap[]): Question | undefined {
    const askedSet = new Set(asked)
    const open = bank.questions.filter((question) => !askedSet.has(question.id))
    if (open.length === 0) return undefined
    const last = byId.get(asked.at(-1) ?? '')
    // The first question is the bank's own way in; after Ana's question whether the person met the
    // relative, so is the first of the set it chose: a conversation opens warmly, then aims at the gaps.
    if (!last || (asked.length === 1 && open[0] && open[0].theme !== last.theme)) return open[0]
    let visit = 0
    for (let index = asked.length - 1; index >= 0 && byId.get(asked[index]!)?.theme === last.theme; index -= 1) visit += 1
    const sameTheme = open.filter((question) => question.theme === last.theme)
    if (sameTheme.length > 0 && visit < questionsPerVisit) return aimedAt(sameTheme, unknown, written) ?? sameTheme[0]
    const openThemes = bank.themes.filter((theme) => open.some((question) => question.theme === theme))
    const candidates = openThemes.length > 1 ? openThemes.filter((theme) => theme !== last.theme) : openThemes
    const aimed = aimedAt(
      open.filter((question) => candidates.includes(question.theme)),
      unknown,
      written,
    )
    if (aimed) return aimed
    const leastWritten = candidates.reduce((best, theme) => ((written.get(theme) ?? 0) < (written.get(best) ?? 0) ? theme : best))
    return open.find((question) => question.theme === leastWritten)
  }

  function progressOf(turns: readonly ChatTurn[], subject: PersonaSubject | undefined): Progress {
    const unknown = subject?.unknown ?? []
    const asked: string[] = []
    const written = new Map<Theme, number>()
    let pending: Question | undefined
    let lastReply = ''
    const answeredAt = new Map<string, number>()
    const rendered = renderedFor(subject)
    for (const [index, turn] of turns.entries()) {
      if (turn.role === 'user') {
        // An answer to no question in particular (a memory told freely) counts for the next one.
        pending ??= nextQuestion(asked, written, unknown)
        if (pending && !asked.includes(pending.id)) asked.push(pending.id)
        if (pending && !answeredAt.has(pending.id)) answeredAt.set(pending.id, index)
        if (pending && !isSkipRequest(turn.text)) written.set(pending.theme, (written.get(pending.theme) ?? 0) + turn.text.trim().length)
        pending = undefined
      } else {
        lastReply = turn.text
        pending = questionIn(turn.text, rendered)
        if (pending && !asked.includes(pending.id)) asked.push(pending.id)
      }
    }
    pending ??= nextQuestion(asked, written, unknown)
    return { asked, written, pending, lastReply, answeredAt }
  }

  function asking(question: Question, previous: Question | undefined, language: Language, subject: PersonaSubject | undefined): string {
    const introduction = previous?.theme === question.theme ? '' : `${render(bank.themeIntroductions[question.theme][language], subject)} `
    return `${introduction}${render(question.text[language], subject)}`
  }

  function next(history: readonly ChatTurn[], language: Language, subject: PersonaSubject | undefined): string {
    const { pending } = progressOf(history, subject)
    return pending ? asking(pending, undefined, language, subject) : render(bank.closing[language], subject)
  }

  return {
    next,

    answerTo(turns, questionId, subject) {
      const index = progressOf(turns, subject).answeredAt.get(questionId)
      return index === undefined ? undefined : { text: turns[index]!.text, index }
    },

    opening(history, language, subject) {
      const hasAnswered = history.some((turn) => turn.role === 'user')
      return `${render((hasAnswered ? bank.welcomeBack : bank.greeting)[language], subject)} ${next(history, language, subject)}`
    },

    reply(turns, language, subject) {
      const message = turns.at(-1)
      if (!message || message.role !== 'user') throw new Error('The conversation must end with the person’s message')
      const before = progressOf(turns.slice(0, -1), subject)
      const answered = before.pending
      const next = progressOf(turns, subject).pending
      const pool = isSkipRequest(message.text)
        ? bank.skipReplies[language]
        : answered && bank.gentleThemes.includes(answered.theme)
          ? bank.gentleAcknowledgements[language]
          : bank.acknowledgements[language]
      const acknowledgement = pick(pool, message.text, before.lastReply)
      return next ? `${acknowledgement} ${asking(next, answered, language, subject)}` : `${acknowledgement} ${render(bank.closing[language], subject)}`
    },
  }
}

/** Cronos without a model: the chapters of a life, asked of the person themself. */
export const guidedCronos = createGuidedInterviewer({
  themes: chapters,
  questions: cronosQuestions.map(({ id, chapter, text, asks }) => ({ id, theme: chapter, text, ...(asks ? { asks } : {}) })),
  greeting: greetings,
  welcomeBack: welcomeBacks,
  themeIntroductions: chapterIntroductions,
  acknowledgements,
  gentleAcknowledgements,
  gentleThemes: ['hardTimes'],
  skipReplies,
  closing: closings,
})
