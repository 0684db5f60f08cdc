import type { Language } from '../../../../shared/limits.ts'
import { AiError, type AiProvider, type ChatRequest, type ChatTurn, type PersonaSubject } from '../ai-provider.ts'

/** A persona's interviewer that needs no model: it reads the conversation and answers from its script. */
export interface GuidedScript {
  opening(history: readonly ChatTurn[], language: Language, subject?: PersonaSubject): string
  reply(turns: readonly ChatTurn[], language: Language, subject?: PersonaSubject): string
}

/**
 * The `guided` provider (docs/product.md#ai-modes): no model and no network. Each persona that can work this way
 * brings its script; a persona without one (the storyteller) is refused as unavailable.
 */
export function createGuidedProvider(scripts: Record<string, GuidedScript>): AiProvider {
  const scriptFor = (request: Pick<ChatRequest, 'persona'>) => {
    const script = Object.hasOwn(scripts, request.persona.name) ? scripts[request.persona.name] : undefined
    if (!script) throw new AiError('ai_unavailable', `${request.persona.name} needs an AI model; the guided mode has no script for it`)
    return script
  }
  return {
    kind: 'guided',
    speaks: (persona) => Object.hasOwn(scripts, persona.name),
    opening: (request) => scriptFor(request).opening(request.turns, request.language, request.persona.subject),
    async *streamReply(request) {
      const reply = scriptFor(request).reply(request.turns, request.language, request.persona.subject)
      // Sentence by sentence, so the page shows it the way it shows a model's reply.
      for (const text of reply.match(/[^.!?¿¡]*[.!?]+\s*|.+$/gsu) ?? [reply]) yield { type: 'text', text }
    },
    async completeReply(request) {
      return scriptFor(request).reply(request.turns, request.language, request.persona.subject)
    },
  }
}
