import { AiError, finishReply, type ModelProvider, type ChatRequest } from './ai-provider.ts'
import { sseData } from './sse.ts'

export interface OpenAiSettings {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a llama.cpp or vLLM server. */
  baseUrl: string
  /** Optional: local servers often need none. */
  apiKey?: string
  model: string
}

interface Completion {
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string | null }[]
}

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[]
}

/**
 * Any OpenAI-compatible chat-completions endpoint, streamed. The persona's instruction is the
 * system message; temperature, top_p and the token limit carry over (top-k and safety settings
 * have no equivalent there; the server's own moderation applies).
 */
export function createOpenAiProvider(settings: OpenAiSettings): ModelProvider {
  const post = async (body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Response> => {
    let response: Response
    try {
      response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
        body: JSON.stringify({ model: settings.model, ...body }),
        signal,
      })
    } catch (error) {
      throw new AiError('upstream_failed', `The OpenAI-compatible server could not be reached: ${String(error)}`)
    }
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '')
      const code = response.status === 401 || response.status === 403 ? 'ai_invalid_key' : 'upstream_failed'
      throw new AiError(code, `The OpenAI-compatible server answered ${response.status}: ${text.slice(0, 500)}`)
    }
    return response
  }
  const call = ({ persona, language, turns, signal }: ChatRequest, stream: boolean) =>
    post(
      {
        stream,
        temperature: persona.generation.temperature,
        ...(persona.generation.topP === undefined ? {} : { top_p: persona.generation.topP }),
        max_tokens: persona.generation.maxOutputTokens,
        messages: [
          { role: 'system', content: persona.systemInstruction[language] },
          ...turns.map((turn) => ({ role: turn.role === 'model' ? 'assistant' : 'user', content: turn.text })),
        ],
      },
      signal,
    )
  const parse = <T>(data: string): T => {
    try {
      return JSON.parse(data) as T
    } catch {
      throw new AiError('upstream_failed', `Unreadable answer: ${data.slice(0, 200)}`)
    }
  }
  const blocked = () => new AiError('ai_blocked', 'AI content generation blocked due to: content_filter')

  return {
    kind: 'openai',
    speaks: () => true,
    async *streamReply(request) {
      const response = await call(request, true)
      let hasText = false
      for await (const data of sseData(response.body!)) {
        if (data === '[DONE]') break
        const choice = parse<CompletionChunk>(data).choices?.[0]
        if (choice?.finish_reason === 'content_filter') throw blocked()
        const text = choice?.delta?.content ?? ''
        if (text) {
          hasText = true
          yield { type: 'text', text }
        }
        // The server stopped at max_tokens: what came before is cut mid-thought.
        if (choice?.finish_reason === 'length') yield { type: 'cut' }
      }
      if (!hasText) throw new AiError('upstream_failed', 'The OpenAI-compatible server answered with no text')
    },
    async completeReply(request) {
      const response = await call(request, false)
      const choice = parse<Completion>(await response.text()).choices?.[0]
      if (choice?.finish_reason === 'content_filter') throw blocked()
      return finishReply(choice?.message?.content ?? '', choice?.finish_reason === 'length', 'The OpenAI-compatible server')
    },
    async completeJson({ instruction, text, schema, maxOutputTokens, signal }) {
      const response = await post(
        {
          stream: false,
          temperature: 0,
          max_tokens: maxOutputTokens,
          messages: [
            { role: 'system', content: instruction },
            { role: 'user', content: text },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema } },
        },
        signal,
      )
      const choice = parse<Completion>(await response.text()).choices?.[0]
      // A strict schema's refusal comes as its own field, with no content.
      if (choice?.finish_reason === 'content_filter' || choice?.message?.refusal) throw blocked()
      if (choice?.finish_reason === 'length') throw new AiError('upstream_failed', 'The OpenAI-compatible server reached max_tokens before the JSON answer was whole')
      return parse<unknown>(choice?.message?.content ?? '')
    },
  }
}
