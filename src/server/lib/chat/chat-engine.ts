import type { CarriedExchange, ChatOpening, ChatReplyErrorCode } from '../../../shared/contracts/chat.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { AiError, finishReply, type AiProvider, type ChatTurn, type Persona } from '../../integrations/ai/ai-provider.ts'
import { invalidField } from '../app-error.ts'
import type { AttemptLimiter } from '../attempt-limiter.ts'
import { createEventChannel } from '../event-channel.ts'
import type { ExchangeReceipts } from './exchange-receipts.ts'

/** The events of one reply; `Saved` is what the feature's finished exchange adds to `done`. */
export type ChatEvent<Saved> =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { reply: string; carry: CarriedExchange | null } & Saved }
  | { event: 'error'; data: { code: ChatReplyErrorCode; message: string } }

/** One message to a persona, and what the feature does with the finished exchange. */
export interface ChatExchange<Saved> {
  userId: string
  /** Names the conversation (`biography`, `interview:<memberId>`): an exchange carried from one cannot enter another. */
  conversation: string
  /** Filled in for its subject (`withSubject`). */
  persona: Persona
  language: Language
  /** The saved exchanges of the conversation, oldest first. */
  history: ChatTurn[]
  /** The unsaved ones the browser carries, oldest first, each with its receipt. */
  carried: CarriedExchange[]
  message: string
  /** Saves the finished exchange; `isSaved` false (the reason in `fields`) when the feature chose not to. */
  save(reply: string): Promise<{ isSaved: boolean; fields: Saved }>
  /** The `done` fields when saving threw. */
  saveFailed: Saved
}

interface Logger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ChatEngineDeps {
  provider: AiProvider
  /** AI replies per user; not applied to the guided mode, which costs nothing. */
  limiter: AttemptLimiter
  timeoutMs: number
  receipts: ExchangeReceipts
  log: Logger
}

/** English for logs and API clients; the page shows its own translation of the code. */
const failureMessages: Record<ChatReplyErrorCode, string> = {
  ai_blocked: 'AI content generation blocked',
  ai_invalid_key: 'Invalid API Key for AI Service',
  upstream_failed: 'AI content generation failed',
  ai_unavailable: 'This needs an AI model, and none is configured',
}

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

/**
 * The one chat engine behind every persona (Cronos, Ana, the storyteller). It builds the model's
 * context from the saved conversation and the carried one, streams the reply into a queue that
 * the HTTP answer reads, and saves the finished exchange whether or not the browser still listens.
 * A reply cut at the model's token limit keeps only its whole sentences, and is never saved when
 * none is left. Shutting down waits for the replies under way (`drain`).
 */
export function createChatEngine({ provider, limiter, timeoutMs, receipts, log }: ChatEngineDeps) {
  const inFlight = new Set<Promise<void>>()

  function contextOf<Saved>(exchange: ChatExchange<Saved>): ChatTurn[] {
    exchange.carried.forEach((carried, index) => {
      if (!receipts.isValid(exchange.userId, exchange.conversation, carried)) {
        throw invalidField(`carried.${index}`, 'validation.invalid', 'A carried exchange does not belong to this conversation')
      }
    })
    const earlier: ChatTurn[] = [
      ...exchange.history,
      ...exchange.carried.flatMap((carried): ChatTurn[] => [
        { role: 'user', text: carried.user },
        { role: 'model', text: carried.model },
      ]),
    ]
    // The guided interviewer reads the whole conversation, so it never repeats a question; a model
    // gets as much of the latest as fits its budget.
    return provider.kind === 'guided' ? earlier : fitContext(earlier, limits.chatContextChars)
  }

  async function run<Saved>(exchange: ChatExchange<Saved>, earlier: ChatTurn[], channel: ReturnType<typeof createEventChannel<ChatEvent<Saved>>>) {
    try {
      let reply: string
      try {
        let text = ''
        let isCut = false
        const chunks = provider.streamReply({
          persona: exchange.persona,
          language: exchange.language,
          turns: [...earlier, { role: 'user', text: exchange.message }],
          signal: AbortSignal.timeout(timeoutMs),
        })
        for await (const chunk of chunks) {
          if (chunk.type === 'cut') {
            isCut = true
            continue
          }
          text += chunk.text
          channel.push({ event: 'delta', data: { text: chunk.text } })
        }
        reply = finishReply(text, isCut, provider.kind).slice(0, limits.chatReplyMaxLength)
      } catch (error) {
        const code = error instanceof AiError ? error.code : 'upstream_failed'
        log.warn({ code, detail: error instanceof AiError ? error.detail : String(error), provider: provider.kind, persona: exchange.persona.name }, 'AI reply failed')
        channel.push({ event: 'error', data: { code, message: failureMessages[code] } })
        return
      }
      let outcome: { isSaved: boolean; fields: Saved }
      try {
        outcome = await exchange.save(reply)
      } catch (error) {
        log.error({ err: error, persona: exchange.persona.name }, 'saving a chat exchange failed')
        outcome = { isSaved: false, fields: exchange.saveFailed }
      }
      const carry = outcome.isSaved
        ? null
        : { user: exchange.message, model: reply, receipt: receipts.sign(exchange.userId, exchange.conversation, exchange.message, reply) }
      channel.push({ event: 'done', data: { reply, carry, ...outcome.fields } })
    } catch (error) {
      log.error({ err: error }, 'a chat reply failed')
      channel.push({ event: 'error', data: { code: 'upstream_failed', message: failureMessages.upstream_failed } })
    } finally {
      channel.close()
    }
  }

  return {
    mode: provider.kind,

    /** How the persona opens the conversation; nothing is saved and no model is called. */
    opening({ persona, language, history }: { persona: Persona; language: Language; history: ChatTurn[] }): ChatOpening {
      const text = provider.opening?.({ persona, language, turns: history }) ?? persona.greeting?.[language] ?? ''
      return { mode: provider.kind, text }
    },

    /**
     * The persona's reply, as stream events. Refuses before anything starts (`rate_limited`, a
     * carried exchange that is not this conversation's); after that, failures arrive as an
     * `error` event.
     */
    async reply<Saved>(exchange: ChatExchange<Saved>): Promise<AsyncIterable<ChatEvent<Saved>>> {
      const earlier = contextOf(exchange)
      if (provider.kind !== 'guided') {
        await limiter.assertAllowed([exchange.userId])
        await limiter.record([exchange.userId])
      }
      const channel = createEventChannel<ChatEvent<Saved>>()
      const task = run(exchange, earlier, channel)
      inFlight.add(task)
      void task.finally(() => inFlight.delete(task))
      return channel
    },

    /** Resolves once every reply under way has been saved (each ends within the AI timeout). */
    async drain(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
export type ChatEngine = ReturnType<typeof createChatEngine>
