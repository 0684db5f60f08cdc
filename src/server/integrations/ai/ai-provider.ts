import type { FactGap } from '../../../shared/facts/index.ts'
import type { Language } from '../../../shared/limits.ts'

/** One turn of a conversation: the person (`user`) or the persona (`model`). */
export interface ChatTurn {
  role: 'user' | 'model'
  text: string
}

export type HarmCategory = 'HARM_CATEGORY_HARASSMENT' | 'HARM_CATEGORY_HATE_SPEECH' | 'HARM_CATEGORY_SEXUALLY_EXPLICIT' | 'HARM_CATEGORY_DANGEROUS_CONTENT'
export type HarmThreshold = 'BLOCK_NONE' | 'BLOCK_ONLY_HIGH' | 'BLOCK_MEDIUM_AND_ABOVE' | 'BLOCK_LOW_AND_ABOVE'

/**
 * Who a conversation is about: Ana's relative; for Cronos, who speaks of themself, it carries only
 * `unknown` (its name is empty).
 */
export interface PersonaSubject {
  /** How the persona names them: the first name. */
  name: string
  isDeceased: boolean
  /**
   * Whether the person talking knew them, as far as the family tree tells: `neverMet` for an
   * ancestor known only from what the family tells. Absent when the tree cannot tell.
   */
  acquaintance?: Acquaintance
  /**
   * What is still unknown about them, most wanted first (`unknownAbout`): the guided interviewer
   * aims its next theme at it, and a model is told it in one sentence. Absent or empty: nothing to aim at.
   */
  unknown?: readonly FactGap[]
}

export type Acquaintance = 'met' | 'neverMet'

/**
 * A persona's voice and its exact generation and safety settings (docs/product.md#personas). Its texts may hold
 * `{placeholders}`; `withSubject` fills them before the persona reaches a provider.
 */
export interface Persona {
  name: string
  systemInstruction: Record<Language, string>
  /** How the persona opens a conversation when a model answers (the guided mode has its own). */
  greeting?: Record<Language, string>
  /** How it opens when there are earlier conversations; the engine adds the last question asked. */
  welcomeBack?: Record<Language, string>
  generation: { temperature: number; topK?: number; topP?: number; maxOutputTokens: number }
  safety: { category: HarmCategory; threshold: HarmThreshold }[]
  /** Set by `withSubject`; the guided mode speaks of them by name and in the right tense. */
  subject?: PersonaSubject
}

export interface ChatRequest {
  persona: Persona
  language: Language
  /** The conversation so far, ending with the user's new message. */
  turns: ChatTurn[]
  signal?: AbortSignal
}

/** The three outcomes of a failed reply, each with its own chat message (docs/product.md#chat), and "needs a model". */
export type AiErrorCode = 'ai_blocked' | 'ai_invalid_key' | 'upstream_failed' | 'ai_unavailable'

/** A provider's failure, mapped; `detail` is for the log only, never for the user. */
export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    readonly detail: string,
  ) {
    super(`AI reply failed (${code})`)
    this.name = 'AiError'
  }
}

/**
 * A piece of a streamed reply: text, or the sign that the model stopped at its output limit, so
 * what came before is cut mid-thought (it always comes last).
 */
export type ReplyChunk = { type: 'text'; text: string } | { type: 'cut' }

/**
 * One answer in a fixed shape, for reading rather than talking: a short instruction, the text to
 * read, and the JSON Schema the answer must follow (objects with every property required and no
 * others, as OpenAI's strict mode wants; each provider says it in its own dialect).
 */
export interface JsonRequest {
  instruction: string
  text: string
  schema: object
  maxOutputTokens: number
  /** The safety settings of the persona whose conversation the text comes from (Gemini's): an answer about a death is read, not blocked. */
  safety?: Persona['safety']
  signal?: AbortSignal
}

/** A model that answers a conversation, streaming its reply as text pieces. */
export interface AiProvider {
  readonly kind: 'gemini' | 'openai' | 'guided'
  /** Whether it can answer as this persona; a model answers as any (the guided mode only where it has a script). */
  speaks(persona: Persona): boolean
  streamReply(request: ChatRequest): AsyncIterable<ReplyChunk>
  /** The opening line, when the provider writes its own (the guided mode); else the persona's greeting. */
  opening?(request: Omit<ChatRequest, 'signal'>): string
  /** The whole reply at once, for callers that have no use for streaming; a cut reply ends at its last whole sentence. */
  completeReply(request: ChatRequest): Promise<string>
  /** An answer in the request's schema, parsed, at temperature 0; only a model has one (the guided mode reads nothing). */
  completeJson?(request: JsonRequest): Promise<unknown>
}

/** A provider backed by a model: it can also answer in JSON. */
export type ModelProvider = AiProvider & Required<Pick<AiProvider, 'completeJson'>>

/**
 * A cut reply without its unfinished last sentence; '' when not even one sentence is whole. A
 * sentence ends with . ! ? … (or a closing quote or bracket after one), then a space or the end.
 */
export function wholeSentences(text: string): string {
  const ends = [...text.matchAll(/[.!?…]+["'»”’)\]]*(?=\s|$)/gu)]
  const last = ends.at(-1)
  return last?.index === undefined ? '' : text.slice(0, last.index + last[0].length).trim()
}

/**
 * The reply as it may be kept: a cut reply loses its unfinished sentence, and a reply with no
 * whole sentence left is a failure (never saved as if it were whole). `who` names the provider in the log.
 */
export function finishReply(text: string, isCut: boolean, who: string): string {
  const whole = isCut ? wholeSentences(text) : text.trim()
  if (!whole) throw new AiError('upstream_failed', isCut ? `${who} reached its token limit before a whole sentence` : `${who} answered with no text`)
  return whole
}
