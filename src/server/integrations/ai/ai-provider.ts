import type { Language } from '../../../shared/limits.ts'

/** One turn of a conversation, in the spec's chat roles. */
export interface ChatTurn {
  role: 'user' | 'model'
  text: string
}

export type HarmCategory =
  | 'HARM_CATEGORY_HARASSMENT'
  | 'HARM_CATEGORY_HATE_SPEECH'
  | 'HARM_CATEGORY_SEXUALLY_EXPLICIT'
  | 'HARM_CATEGORY_DANGEROUS_CONTENT'
export type HarmThreshold = 'BLOCK_NONE' | 'BLOCK_ONLY_HIGH' | 'BLOCK_MEDIUM_AND_ABOVE' | 'BLOCK_LOW_AND_ABOVE'

/** A persona's voice and its exact generation and safety settings (spec §9). */
export interface Persona {
  name: string
  systemInstruction: Record<Language, string>
  /** How the persona opens a conversation when a model answers (the guided mode has its own). */
  greeting?: Record<Language, string>
  generation: { temperature: number; topK?: number; topP?: number; maxOutputTokens: number }
  safety: { category: HarmCategory; threshold: HarmThreshold }[]
}

export interface ChatRequest {
  persona: Persona
  language: Language
  /** The conversation so far, ending with the user's new message. */
  turns: ChatTurn[]
  signal?: AbortSignal
}

/** The spec's three outcomes of a failed reply (§8), each with its own chat message, and "needs a model". */
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

/** A model that answers a conversation, streaming its reply as text pieces. */
export interface AiProvider {
  readonly kind: 'gemini' | 'openai' | 'guided'
  streamReply(request: ChatRequest): AsyncIterable<string>
  /** The opening line, when the provider writes its own (the guided mode); else the persona's greeting. */
  opening?(request: Omit<ChatRequest, 'signal'>): string
  /** The whole reply at once, for callers that have no use for streaming. */
  completeReply(request: ChatRequest): Promise<string>
}
