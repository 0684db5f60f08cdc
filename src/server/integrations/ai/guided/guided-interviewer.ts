import { languages, type Language } from '../../../../shared/limits.ts'
import type { ChatTurn } from '../ai-provider.ts'
import {
  acknowledgements,
  chapterIntroductions,
  chapters,
  closings,
  gentleAcknowledgements,
  greetings,
  questions,
  skipPhrases,
  skipReplies,
  type Chapter,
  type GuidedQuestion,
} from './question-bank.ts'

/** Questions asked in a row from one chapter before Cronos moves on to another. */
export const questionsPerVisit = 3

/** What the conversation so far says: which questions were asked, what is pending, how much each chapter holds. */
interface Progress {
  /** Ids of the questions asked, in the order they were asked. */
  asked: string[]
  /** Characters the person wrote in answer to each chapter's questions. */
  written: Map<Chapter, number>
  /** The question waiting for an answer, if any is left. */
  pending: GuidedQuestion | undefined
  /** The last thing Cronos said. */
  lastReply: string
}

const byId = new Map(questions.map((question) => [question.id, question]))

function normalise(text: string): string {
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
  return languages.some((language) =>
    skipPhrases[language].some((phrase) => {
      const wanted = normalise(phrase)
      // A longer phrase counts inside a short message ('no, prefiero no responder'), never inside a story.
      return said === wanted || (wanted.includes(' ') && said.length <= wanted.length + 30 && said.includes(wanted))
    }),
  )
}

/** The guided question a reply of Cronos asked (in any language: the person may have switched). */
function questionIn(reply: string): GuidedQuestion | undefined {
  let found: { question: GuidedQuestion; at: number } | undefined
  for (const question of questions) {
    for (const language of languages) {
      const at = reply.lastIndexOf(question.text[language])
      if (at >= 0 && (!found || at > found.at)) found = { question, at }
    }
  }
  return found?.question
}

/**
 * The next question: stay with the current chapter for a few questions, then go to the chapter
 * written about least (ties in life order, origins first). Never a question already asked.
 */
function nextQuestion(asked: readonly string[], written: ReadonlyMap<Chapter, number>): GuidedQuestion | undefined {
  const askedSet = new Set(asked)
  const open = questions.filter((question) => !askedSet.has(question.id))
  if (open.length === 0) return undefined
  const last = byId.get(asked.at(-1) ?? '')
  if (last) {
    let visit = 0
    for (let index = asked.length - 1; index >= 0 && byId.get(asked[index]!)?.chapter === last.chapter; index -= 1) visit += 1
    const sameChapter = open.find((question) => question.chapter === last.chapter)
    if (sameChapter && visit < questionsPerVisit) return sameChapter
  }
  const openChapters = chapters.filter((chapter) => open.some((question) => question.chapter === chapter))
  const candidates = last && openChapters.length > 1 ? openChapters.filter((chapter) => chapter !== last.chapter) : openChapters
  const leastWritten = candidates.reduce((best, chapter) => ((written.get(chapter) ?? 0) < (written.get(best) ?? 0) ? chapter : best))
  return open.find((question) => question.chapter === leastWritten)
}

/** Reads the saved conversation (oldest first) into the interviewer's progress. */
function progressOf(turns: readonly ChatTurn[]): Progress {
  const asked: string[] = []
  const written = new Map<Chapter, number>()
  let pending: GuidedQuestion | undefined
  let lastReply = ''
  const ask = (question: GuidedQuestion | undefined) => {
    pending = question
    if (question && !asked.includes(question.id)) asked.push(question.id)
  }
  for (const turn of turns) {
    if (turn.role === 'user') {
      // An answer to no question in particular (a memory told freely) still counts for nothing here.
      pending ??= nextQuestion(asked, written)
      if (pending && !asked.includes(pending.id)) asked.push(pending.id)
      if (pending && !isSkipRequest(turn.text)) written.set(pending.chapter, (written.get(pending.chapter) ?? 0) + turn.text.trim().length)
      pending = undefined
    } else {
      lastReply = turn.text
      ask(questionIn(turn.text))
    }
  }
  pending ??= nextQuestion(asked, written)
  return { asked, written, pending, lastReply }
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

function asking(question: GuidedQuestion, previous: GuidedQuestion | undefined, language: Language): string {
  const introduction = previous?.chapter === question.chapter ? '' : `${chapterIntroductions[question.chapter][language]} `
  return `${introduction}${question.text[language]}`
}

/**
 * Cronos without a model (DESIGN §5): a patient interviewer that walks through the chapters of a
 * life with prepared questions. Everything it needs is in the conversation itself, so it keeps no
 * state of its own.
 */
export const guidedInterviewer = {
  /** How the chat opens: the greeting and the question waiting for an answer. */
  opening(history: readonly ChatTurn[], language: Language): string {
    const { pending } = progressOf(history)
    return pending ? `${greetings[language]} ${asking(pending, undefined, language)}` : `${greetings[language]} ${closings[language]}`
  },

  /** The reply to the last user turn of `turns`: a brief acknowledgement, then the next question. */
  reply(turns: readonly ChatTurn[], language: Language): string {
    const message = turns.at(-1)
    if (!message || message.role !== 'user') throw new Error('The conversation must end with the person’s message')
    const before = progressOf(turns.slice(0, -1))
    const answered = before.pending
    const after = progressOf(turns)
    const next = after.pending
    const skipped = isSkipRequest(message.text)
    const pool = skipped ? skipReplies[language] : answered?.chapter === 'hardTimes' ? gentleAcknowledgements[language] : acknowledgements[language]
    const acknowledgement = pick(pool, message.text, before.lastReply)
    return next ? `${acknowledgement} ${asking(next, answered, language)}` : `${acknowledgement} ${closings[language]}`
  },
}
