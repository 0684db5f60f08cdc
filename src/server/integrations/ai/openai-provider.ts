import { AiError, type AiProvider } from './ai-provider.ts'
import { sseData } from './sse.ts'

export interface OpenAiSettings {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a llama.cpp or vLLM server. */
  baseUrl: string
  /** Optional: local servers often need none. */
  apiKey?: string
  model: string
}

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[]
}

/**
 * Any OpenAI-compatible chat-completions endpoint, streamed. The persona's instruction is the
 * system message; temperature, top_p and the token limit carry over (top-k and safety settings
 * have no equivalent there; the server's own moderation applies).
 */
export function createOpenAiProvider(settings: OpenAiSettings): AiProvider {
  return {
    kind: 'openai',
    async *streamReply({ persona, language, turns, signal }) {
      let response: Response
      try {
        response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          body: JSON.stringify({
            model: settings.model,
            stream: true,
            temperature: persona.generation.temperature,
            ...(persona.generation.topP === undefined ? {} : { top_p: persona.generation.topP }),
            max_tokens: persona.generation.maxOutputTokens,
            messages: [
              { role: 'system', content: persona.systemInstruction[language] },
              ...turns.map((turn) => ({ role: turn.role === 'model' ? 'assistant' : 'user', content: turn.text })),
            ],
          }),
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
      let hasText = false
      for await (const data of sseData(response.body)) {
        if (data === '[DONE]') break
        let chunk: CompletionChunk
        try {
          chunk = JSON.parse(data) as CompletionChunk
        } catch {
          throw new AiError('upstream_failed', `Unreadable event: ${data.slice(0, 200)}`)
        }
        const choice = chunk.choices?.[0]
        if (choice?.finish_reason === 'content_filter') throw new AiError('ai_blocked', 'AI content generation blocked due to: content_filter')
        const text = choice?.delta?.content ?? ''
        if (text) {
          hasText = true
          yield text
        }
      }
      if (!hasText) throw new AiError('upstream_failed', 'The OpenAI-compatible server answered with no text')
    },
  }
}
