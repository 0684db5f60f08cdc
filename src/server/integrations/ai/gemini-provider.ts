import { AiError, type AiProvider, type ChatRequest } from './ai-provider.ts'
import { sseData } from './sse.ts'

export interface GeminiSettings {
  apiKey: string
  /** Google's by default; a local fake in tests. */
  baseUrl: string
  model: string
}

/** Names us to Google, as its own clients do (`x-goog-api-client`). */
export const geminiClientId = 'legado/1'

interface GeminiChunk {
  candidates?: { content?: { parts?: { text?: string }[] }; finishReason?: string }[]
  promptFeedback?: { blockReason?: string }
}

/** The request body spec §7 describes: contents, generationConfig, safetySettings, systemInstruction. */
export function geminiBody({ persona, language, turns }: ChatRequest) {
  return {
    contents: turns.map((turn) => ({ role: turn.role, parts: [{ text: turn.text }] })),
    generationConfig: persona.generation,
    safetySettings: persona.safety,
    systemInstruction: { parts: [{ text: persona.systemInstruction[language] }] },
  }
}

/** An HTTP failure, mapped: a refused key is the spec's 'invalid key', anything else 'other'. */
async function failure(response: Response): Promise<AiError> {
  const text = await response.text().catch(() => '')
  const isKeyProblem = response.status === 401 || response.status === 403 || /API[_ ]KEY/i.test(text)
  return new AiError(isKeyProblem ? 'ai_invalid_key' : 'upstream_failed', `Gemini answered ${response.status}: ${text.slice(0, 500)}`)
}

/** Text of one chunk; throws `ai_blocked` when the prompt or the reply was blocked for safety. */
function textOf(chunk: GeminiChunk): string {
  if (chunk.promptFeedback?.blockReason) throw new AiError('ai_blocked', `AI content generation blocked due to: ${chunk.promptFeedback.blockReason}`)
  const candidate = chunk.candidates?.[0]
  const text = candidate?.content?.parts?.map((part) => part.text ?? '').join('') ?? ''
  if (candidate?.finishReason === 'SAFETY' || candidate?.finishReason === 'PROHIBITED_CONTENT') {
    throw new AiError('ai_blocked', `AI content generation blocked due to: ${candidate.finishReason}`)
  }
  return text
}

/** The Generative Language REST API (spec §7): `generateContent`, and `streamGenerateContent` over server-sent events. */
export function createGeminiProvider(settings: GeminiSettings): AiProvider {
  const call = async (method: string, request: ChatRequest): Promise<Response> => {
    const url = `${settings.baseUrl.replace(/\/+$/, '')}/v1beta/models/${encodeURIComponent(settings.model)}:${method}`
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        // Spec §7: the key and a client identifier.
        headers: { 'content-type': 'application/json', 'x-goog-api-key': settings.apiKey, 'x-goog-api-client': geminiClientId },
        body: JSON.stringify(geminiBody(request)),
        signal: request.signal,
      })
    } catch (error) {
      throw new AiError('upstream_failed', `Gemini could not be reached: ${String(error)}`)
    }
    if (!response.ok || !response.body) throw await failure(response)
    return response
  }
  return {
    kind: 'gemini',
    async *streamReply(request) {
      const response = await call('streamGenerateContent?alt=sse', request)
      let hasText = false
      for await (const data of sseData(response.body!)) {
        const text = textOf(parseChunk(data))
        if (text) {
          hasText = true
          yield text
        }
      }
      if (!hasText) throw new AiError('upstream_failed', 'Gemini answered with no text')
    },
    async completeReply(request) {
      const response = await call('generateContent', request)
      const text = textOf(parseChunk(await response.text()))
      if (!text) throw new AiError('upstream_failed', 'Gemini answered with no text')
      return text
    },
  }
}

function parseChunk(data: string): GeminiChunk {
  try {
    return JSON.parse(data) as GeminiChunk
  } catch {
    throw new AiError('upstream_failed', `Gemini sent an unreadable answer: ${data.slice(0, 200)}`)
  }
}
