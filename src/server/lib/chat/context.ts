import type { ChatTurn } from '../../integrations/ai/ai-provider.ts'

// How the chat engine reads a conversation: what of it fits a model's context, and which question
// the persona last asked (the one the person's next words answer).

/**
 * The newest turns whose text fits in `maxChars`, starting with one of the person's (a provider
 * expects the conversation to open with the user).
 */
export function fitContext(turns: readonly ChatTurn[], maxChars: number): ChatTurn[] {
  let used = 0
  let start = turns.length
  while (start > 0 && used + turns[start - 1]!.text.length <= maxChars) {
    start -= 1
    used += turns[start]!.text.length
  }
  while (start < turns.length && turns[start]!.role !== 'user') start += 1
  return turns.slice(start)
}

/** The last question a persona's turn asks ("¿Cómo era su casa?"), without what came before it. */
export function questionIn(said: string): string | undefined {
  return said
    .match(/[¿]?[^.!?¿¡\n]+\?/gu)
    ?.at(-1)
    ?.trim()
}

/** The last question the persona asked, to pick the conversation up from it. */
export function lastQuestionOf(history: readonly ChatTurn[]): string | undefined {
  return questionIn(history.findLast((turn) => turn.role === 'model')?.text ?? '')
}

/**
 * Consecutive turns of the person as one: an answer whose reply never came, then the next
 * message. A provider expects the roles to alternate, and the guided interviewer counts one answer.
 */
export function joinAnswers(turns: readonly ChatTurn[]): ChatTurn[] {
  const joined: ChatTurn[] = []
  for (const turn of turns) {
    const previous = joined.at(-1)
    if (previous?.role === 'user' && turn.role === 'user') joined[joined.length - 1] = { role: 'user', text: `${previous.text}\n\n${turn.text}` }
    else joined.push(turn)
  }
  return joined
}
