import type { Language } from '../../../shared/limits.ts'

/**
 * An answer just kept, as the features that listen to answers receive it (the facts feature reads
 * it for genealogical facts). Told after the answer is safe, never awaited by the reply: a
 * listener slow or failing costs the person nothing.
 */
export interface KeptAnswer {
  /** The holder of the tree the person it is about belongs to. */
  holderId: string
  /** The person it is about: the relative Ana asked about, or the teller's own card for Cronos. */
  memberId: string
  source: { kind: 'interview' | 'biography'; id: string }
  answer: string
  question: string | null
  language: Language
  /** Told by the person about themself (Cronos). */
  isTeller: boolean
  /** The account that told it: a model's reading of it counts against their share of the AI budget. */
  tellerId: string
}

export interface AnswerListener {
  /** A new answer. */
  heard(answer: KeptAnswer): void
  /** An answer whose words were corrected. */
  heardAgain(answer: KeptAnswer): void
}

/** For a feature wired without listeners (tests of one feature alone). */
export const nobodyListens: AnswerListener = { heard: () => {}, heardAgain: () => {} }
