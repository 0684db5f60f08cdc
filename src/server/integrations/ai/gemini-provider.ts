import { AiError, finishReply, type ModelProvider, type ChatRequest, type JsonRequest, type ReplyChunk } from './ai-provider.ts'
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
  candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] }; finishReason?: string }[]
  promptFeedback?: { blockReason?: string }
}

/** Every reason Gemini gives for stopping a reply on safety grounds; each shows the safety message of docs/product.md#chat. */
const safetyFinishReasons = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT'])

/**
 * How a model thinks before it answers. On Gemini 2.5 and later the thinking counts against
 * `maxOutputTokens`, so with a persona's 1,024 tokens (docs/product.md#personas) a thinking model can spend them all and answer
 * nothing, or stop mid-sentence. Flash models can stop thinking (budget 0); Pro models cannot, so
 * they get the smallest budget and the limit grows by exactly that much (the reply keeps its
 * 1,024). Older models (1.5, 2.0) do not think and reject the setting: they get none.
 */
export function thinkingFor(model: string): { thinkingConfig?: Record<string, unknown>; extraTokens: number } {
  const name = model.replace(/^models\//, '')
  if (/^gemini-3/.test(name)) return { thinkingConfig: { thinkingLevel: 'low' }, extraTokens: 2048 }
  if (/^gemini-2\.5-pro|^gemini-pro-latest$/.test(name)) return { thinkingConfig: { thinkingBudget: 128 }, extraTokens: 128 }
  if (/^gemini-2\.5-flash|^gemini-flash(-lite)?-latest$/.test(name)) return { thinkingConfig: { thinkingBudget: 0 }, extraTokens: 0 }
  return { extraTokens: 0 }
}

/** The request body of the Generative Language API: contents, generationConfig, safetySettings, systemInstruction. */
export function geminiBody({ persona, language, turns }: ChatRequest, model = '') {
  const { thinkingConfig, extraTokens } = thinkingFor(model)
  return {
    contents: turns.map((turn) => ({ role: turn.role, parts: [{ text: turn.text }] })),
    generationConfig: {
      ...persona.generation,
      maxOutputTokens: persona.generation.maxOutputTokens + extraTokens,
      ...(thinkingConfig ? { thinkingConfig } : {}),
    },
    safetySettings: persona.safety,
    systemInstruction: { parts: [{ text: persona.systemInstruction[language] }] },
  }
}

/** The words of JSON Schema that Gemini's schema (a subset of OpenAPI 3.0's) has too; any other is left out. */
const geminiSchemaWords = new Set(['type', 'format', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'items'])

/**
 * A JSON Schema as Gemini's `responseSchema` reads it: types in capitals, an enum's `format`, no
 * `additionalProperties` (it allows no others anyway), and the properties in the order written,
 * which the model then follows (the quote after the kind).
 */
export function geminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchema)
  if (typeof schema !== 'object' || schema === null) return schema
  const result: Record<string, unknown> = {}
  for (const [word, value] of Object.entries(schema)) {
    if (!geminiSchemaWords.has(word)) continue
    if (word === 'type' && typeof value === 'string') result.type = value.toUpperCase()
    else if (word === 'properties' && typeof value === 'object' && value !== null) {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, geminiSchema(property)]))
      result.propertyOrdering = Object.keys(value)
    } else if (word === 'items') result.items = geminiSchema(value)
    else result[word] = value
  }
  // Gemini's own words for a closed list of strings.
  if (Array.isArray(result.enum) && result.type === 'STRING' && result.format === undefined) result.format = 'enum'
  return result
}

/** The request body of a JSON answer: the instruction as the system's, the text as the one turn, temperature 0. */
export function geminiJsonBody({ instruction, text, schema, maxOutputTokens, safety }: JsonRequest, model = '') {
  const { thinkingConfig, extraTokens } = thinkingFor(model)
  return {
    contents: [{ role: 'user', parts: [{ text }] }],
    generationConfig: {
      temperature: 0,
      maxOutputTokens: maxOutputTokens + extraTokens,
      responseMimeType: 'application/json',
      responseSchema: geminiSchema(schema),
      ...(thinkingConfig ? { thinkingConfig } : {}),
    },
    ...(safety ? { safetySettings: safety } : {}),
    systemInstruction: { parts: [{ text: instruction }] },
  }
}

/** An HTTP failure, mapped: a refused key is 'invalid key', anything else 'other'. */
async function failure(response: Response): Promise<AiError> {
  const text = await response.text().catch(() => '')
  const isKeyProblem = response.status === 401 || response.status === 403 || /API[_ ]KEY/i.test(text)
  return new AiError(isKeyProblem ? 'ai_invalid_key' : 'upstream_failed', `Gemini answered ${response.status}: ${text.slice(0, 500)}`)
}

/**
 * The reply's pieces in one chunk: its text (thoughts left out) and, when the model stopped at its
 * token limit, `cut`. Throws `ai_blocked` when the prompt or the reply was blocked for safety.
 */
function chunksOf(chunk: GeminiChunk): ReplyChunk[] {
  if (chunk.promptFeedback?.blockReason) throw new AiError('ai_blocked', `AI content generation blocked due to: ${chunk.promptFeedback.blockReason}`)
  const candidate = chunk.candidates?.[0]
  const finishReason = candidate?.finishReason ?? ''
  if (safetyFinishReasons.has(finishReason)) throw new AiError('ai_blocked', `AI content generation blocked due to: ${finishReason}`)
  const text =
    candidate?.content?.parts
      ?.filter((part) => !part.thought)
      .map((part) => part.text ?? '')
      .join('') ?? ''
  return [...(text ? [{ type: 'text' as const, text }] : []), ...(finishReason === 'MAX_TOKENS' ? [{ type: 'cut' as const }] : [])]
}

/** The Generative Language REST API (docs/product.md#ai-modes): `generateContent`, and `streamGenerateContent` over server-sent events. */
export function createGeminiProvider(settings: GeminiSettings): ModelProvider {
  const call = async (method: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> => {
    const url = `${settings.baseUrl.replace(/\/+$/, '')}/v1beta/models/${encodeURIComponent(settings.model)}:${method}`
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        // The key and a client identifier (docs/product.md#ai-modes).
        headers: { 'content-type': 'application/json', 'x-goog-api-key': settings.apiKey, 'x-goog-api-client': geminiClientId },
        body: JSON.stringify(body),
        signal,
      })
    } catch (error) {
      throw new AiError('upstream_failed', `Gemini could not be reached: ${String(error)}`)
    }
    if (!response.ok || !response.body) throw await failure(response)
    return response
  }
  return {
    kind: 'gemini',
    speaks: () => true,
    async *streamReply(request) {
      const response = await call('streamGenerateContent?alt=sse', geminiBody(request, settings.model), request.signal)
      let hasText = false
      for await (const data of sseData(response.body!)) {
        for (const piece of chunksOf(parseChunk(data))) {
          if (piece.type === 'text') hasText = true
          yield piece
        }
      }
      if (!hasText) throw new AiError('upstream_failed', 'Gemini answered with no text')
    },
    async completeReply(request) {
      const response = await call('generateContent', geminiBody(request, settings.model), request.signal)
      const pieces = chunksOf(parseChunk(await response.text()))
      const text = pieces.map((piece) => (piece.type === 'text' ? piece.text : '')).join('')
      return finishReply(
        text,
        pieces.some((piece) => piece.type === 'cut'),
        'Gemini',
      )
    },
    async completeJson(request) {
      const response = await call('generateContent', geminiJsonBody(request, settings.model), request.signal)
      const pieces = chunksOf(parseChunk(await response.text()))
      // Half a JSON document is no answer at all.
      if (pieces.some((piece) => piece.type === 'cut')) throw new AiError('upstream_failed', 'Gemini reached its token limit before the JSON answer was whole')
      const text = pieces.map((piece) => (piece.type === 'text' ? piece.text : '')).join('')
      try {
        return JSON.parse(text) as unknown
      } catch {
        throw new AiError('upstream_failed', `Gemini answered something other than JSON: ${text.slice(0, 200)}`)
      }
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
