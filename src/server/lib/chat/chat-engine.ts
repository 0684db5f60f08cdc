import type { CarriedExchange, ChatOpening, ChatReplyErrorCode } from '../../../shared/contracts/chat.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { AiError, finishReply, type AiProvider, type ChatTurn, type Persona } from '../../integrations/ai/ai-provider.ts'
import { AppError, invalidField } from '../app-error.ts'
import type { AttemptLimiter } from '../attempt-limiter.ts'
import { createEventChannel } from '../event-channel.ts'
import type { AiBudget } from './ai-budget.ts'
import { fitContext, joinAnswers, lastQuestionOf, questionIn } from './context.ts'
import type { ExchangeReceipts } from './exchange-receipts.ts'

/** The events of one reply; `Done` is what `done` carries beside the reply. */
type StreamEvent<Done> =
  { event: 'delta'; data: { text: string } } | { event: 'done'; data: { reply: string } & Done } | { event: 'error'; data: { code: ChatReplyErrorCode; message: string } }

/** The events of one reply; `Saved` is what the feature's finished exchange adds to `done`. */
export type ChatEvent<Saved> = StreamEvent<{ carry: CarriedExchange | null } & Saved>

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
  /**
   * Keeps the person's words, with the question they answer, before the persona is asked: a
   * failing model or a closed page loses nothing. `notKept` (the reason in its fields) when the
   * feature keeps nothing; the exchange is then carried by the browser.
   */
  keep(question: string | null): Promise<KeptTurn<Saved> | { notKept: Saved }>
  /** The `done` fields when keeping threw. */
  saveFailed: Saved
}

/** The person's words, kept; the persona's reply is added once it is whole. */
export interface KeptTurn<Saved> {
  /** Adds the whole reply to the kept words; the `done` fields. */
  complete(reply: string): Promise<Saved>
  /** The `done` fields when adding the reply threw: the words stay kept without it. */
  completeFailed: Saved
}

/** One request to a persona that is not a conversation: a memory to retell, a dream to read. */
export interface OneRequest<Saved> {
  userId: string
  persona: Persona
  language: Language
  message: string
  /** What the feature keeps of the finished reply, as the `done` fields (`{}` when it keeps nothing). */
  save(reply: string): Promise<Saved>
  /** The `done` fields when saving threw. */
  saveFailed: Saved
  /**
   * Ends the request early: for an answer nothing keeps, the person stopping it or leaving should
   * not spend the model's tokens. Left out when the answer is saved, so it is finished anyway.
   */
  signal?: AbortSignal
}

interface Logger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ChatEngineDeps {
  provider: AiProvider
  /** AI replies per user. */
  limiter: AttemptLimiter
  /** Replies per user in the guided mode: no model to pay, but each one writes to the database. */
  guidedLimiter: AttemptLimiter
  /** The server's AI spend per hour and day, every person together. */
  budget: AiBudget
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
 * The one chat engine behind every persona (Cronos, Ana, the storyteller). It builds the model's
 * context from the saved conversation and the carried one, has the feature keep the person's
 * words before the model is asked, streams the reply into a queue that the HTTP answer reads, and
 * adds the finished reply to what was kept whether or not the browser still listens. A reply cut
 * at the model's token limit keeps only its whole sentences, and is never added when none is
 * left. Shutting down waits for the replies under way (`drain`).
 */

export function createChatEngine({ provider, limiter, guidedLimiter, budget, timeoutMs, receipts, log }: ChatEngineDeps) {
  const inFlight = new Set<Promise<void>>()

  function contextOf<Saved>(exchange: ChatExchange<Saved>): ChatTurn[] {
    exchange.carried.forEach((carried, index) => {
      if (!receipts.isValid(exchange.userId, exchange.conversation, carried)) {
        throw invalidField(`carried.${index}`, 'validation.invalid', 'A carried exchange does not belong to this conversation')
      }
    })
    const earlier: ChatTurn[] = joinAnswers([
      ...exchange.history,
      ...exchange.carried.flatMap((carried): ChatTurn[] => [
        { role: 'user', text: carried.user },
        { role: 'model', text: carried.model },
      ]),
    ])
    // The guided interviewer reads the whole conversation, so it never repeats a question; a model
    // gets as much of the latest as fits its budget.
    return provider.kind === 'guided' ? earlier : fitContext(earlier, limits.chatContextChars)
  }

  /** Refuses at once a persona the provider cannot answer as (the guided mode has no storyteller). */
  function assertSpeaks(persona: Persona) {
    if (!provider.speaks(persona)) throw new AppError('ai_unavailable', failureMessages.ai_unavailable)
  }

  /**
   * Counts the request against the person's limit and reserves its prompt in the server's budget
   * and the person's share of it (the instruction and every turn sent); the guided mode, which pays no model, has a limit of its own.
   */
  async function countAgainstLimits(userId: string, persona: Persona, language: Language, turns: ChatTurn[]) {
    if (provider.kind === 'guided') {
      await guidedLimiter.take([userId])
      return
    }
    const ticket = await limiter.take([userId])
    const promptChars = persona.systemInstruction[language].length + turns.reduce((sum, turn) => sum + turn.text.length, 0)
    try {
      await budget.reserve(userId, promptChars)
    } catch (error) {
      await ticket.giveBack()
      throw error
    }
  }

  /**
   * Streams the reply to `turns` into `channel`, then hands the finished reply to `finish` for the
   * rest of the `done` event. Runs on its own, so the reply is saved even when nobody listens.
   */
  function start<Done extends object>(
    { userId, persona, language, turns, signal }: { userId: string; persona: Persona; language: Language; turns: ChatTurn[]; signal?: AbortSignal },
    finish: (reply: string) => Promise<Done>,
  ): AsyncIterable<StreamEvent<Done>> {
    const channel = createEventChannel<StreamEvent<Done>>()
    const task = (async () => {
      try {
        let reply: string
        try {
          let text = ''
          let isCut = false
          const timeout = AbortSignal.timeout(timeoutMs)
          for await (const chunk of provider.streamReply({ persona, language, turns, signal: signal ? AbortSignal.any([timeout, signal]) : timeout })) {
            if (chunk.type === 'cut') {
              isCut = true
              continue
            }
            text += chunk.text
            channel.push({ event: 'delta', data: { text: chunk.text } })
          }
          if (provider.kind !== 'guided') await budget.spend(userId, text.length).catch((error: unknown) => log.warn({ err: error }, 'the AI budget could not count a reply'))
          reply = finishReply(text, isCut, provider.kind).slice(0, limits.chatReplyMaxLength)
        } catch (error) {
          if (signal?.aborted) return
          const code = error instanceof AiError ? error.code : 'upstream_failed'
          log.warn({ code, detail: error instanceof AiError ? error.detail : String(error), provider: provider.kind, persona: persona.name }, 'AI reply failed')
          channel.push({ event: 'error', data: { code, message: failureMessages[code] } })
          return
        }
        channel.push({ event: 'done', data: { reply, ...(await finish(reply)) } })
      } catch (error) {
        log.error({ err: error }, 'a chat reply failed')
        channel.push({ event: 'error', data: { code: 'upstream_failed', message: failureMessages.upstream_failed } })
      } finally {
        channel.close()
      }
    })()
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
    return channel
  }

  /** What the feature saves of a finished reply; when saving throws, its `saveFailed` fields. */
  async function saved<Saved>(save: (reply: string) => Promise<Saved>, reply: string, saveFailed: Saved, persona: Persona): Promise<Saved> {
    try {
      return await save(reply)
    } catch (error) {
      log.error({ err: error, persona: persona.name }, 'saving a chat exchange failed')
      return saveFailed
    }
  }

  function opening({ persona, language, history }: { persona: Persona; language: Language; history: ChatTurn[] }): ChatOpening {
    const own = provider.opening?.({ persona, language, turns: history })
    if (own !== undefined) return { mode: provider.kind, text: own }
    const welcomeBack = history.some((turn) => turn.role === 'user') ? persona.welcomeBack?.[language] : undefined
    const text = welcomeBack ? [welcomeBack, lastQuestionOf(history)].filter(Boolean).join(' ') : (persona.greeting?.[language] ?? '')
    return { mode: provider.kind, text }
  }

  /**
   * The question the message answers: the one the persona's last turn asked, or, at the start of
   * the chat, the one its opening asked. The server knows both; the page is never asked.
   */
  function questionAnswered({ persona, language, history }: Pick<ChatExchange<unknown>, 'persona' | 'language' | 'history'>, earlier: ChatTurn[]): string | null {
    const lastTurn = earlier.findLast((turn) => turn.role === 'model')
    const said = lastTurn ? lastTurn.text : opening({ persona, language, history }).text
    return questionIn(said) ?? null
  }

  /** The feature keeps the person's words; when that throws, nothing is kept and the exchange is carried. */
  async function keepTurn<Saved>(exchange: ChatExchange<Saved>, question: string | null): Promise<KeptTurn<Saved> | { notKept: Saved }> {
    try {
      return await exchange.keep(question)
    } catch (error) {
      log.error({ err: error, persona: exchange.persona.name }, 'keeping a chat message failed')
      return { notKept: exchange.saveFailed }
    }
  }

  return {
    mode: provider.kind,

    /** Whether the provider can answer as this persona (the guided mode only has Cronos and Ana). */
    speaks: (persona: Persona) => provider.speaks(persona),

    /**
     * How the persona opens the conversation: a greeting the first time; after earlier exchanges,
     * a welcome back with the last question it asked, so the person goes on rather than starts
     * again. Nothing is saved and no model is called.
     */
    opening,

    /**
     * The persona's reply, as stream events. Refuses before anything starts (`rate_limited`, a
     * carried exchange that is not this conversation's); after that, failures arrive as an
     * `error` event.
     */
    async reply<Saved>(exchange: ChatExchange<Saved>): Promise<AsyncIterable<ChatEvent<Saved>>> {
      assertSpeaks(exchange.persona)
      const earlier = contextOf(exchange)
      const turns: ChatTurn[] = joinAnswers([...earlier, { role: 'user', text: exchange.message }])
      await countAgainstLimits(exchange.userId, exchange.persona, exchange.language, turns)
      const kept = await keepTurn(exchange, questionAnswered(exchange, earlier))
      return start({ userId: exchange.userId, persona: exchange.persona, language: exchange.language, turns }, async (reply) => {
        if ('notKept' in kept) {
          return { carry: { user: exchange.message, model: reply, receipt: receipts.sign(exchange.userId, exchange.conversation, exchange.message, reply) }, ...kept.notKept }
        }
        return { carry: null, ...(await saved(kept.complete, reply, kept.completeFailed, exchange.persona)) }
      })
    },

    /**
     * A persona's answer to one request that is not a conversation (a memory to retell, a dream to
     * read), as stream events; nothing is carried. Refuses before anything starts (`ai_unavailable`
     * when the provider cannot answer as the persona, `rate_limited`).
     */
    async tell<Saved>(request: OneRequest<Saved>): Promise<AsyncIterable<ChatEvent<Saved>>> {
      assertSpeaks(request.persona)
      const turns: ChatTurn[] = [{ role: 'user', text: request.message }]
      await countAgainstLimits(request.userId, request.persona, request.language, turns)
      return start({ ...request, turns }, async (reply) => ({
        carry: null,
        ...(await saved(request.save, reply, request.saveFailed, request.persona)),
      }))
    },

    /** Resolves once every reply under way has been saved (each ends within the AI timeout). */
    async drain(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
export type ChatEngine = ReturnType<typeof createChatEngine>
