import { useCallback, useEffect, useRef, useState } from 'react'
import type { CarriedExchange } from '../../../shared/contracts/chat.ts'
import type { Language } from '../../../shared/limits.ts'
import type { ChatProblem } from './chat-problem.ts'
import { ChatStreamInterrupted, isAbort, sendChatMessage, type ChatDone, type ChatEventSchemas } from './chat-stream.ts'

/** One bubble of this visit's conversation; a reply keeps its `done` data (what was saved). */
export type ChatTurn<Done = unknown> =
  | { id: string; speaker: 'user'; text: string }
  | { id: string; speaker: 'model'; text: string; done: Done }
  /** A message that got no reply; `messageId` is the user turn to send again. */
  | { id: string; speaker: 'problem'; problem: ChatProblem; messageId: string }

/** Waiting for the reply ('thinking'), the reply arriving ('writing'), or free (docs/product.md#chat). */
export type ChatPhase = 'idle' | 'thinking' | 'writing'

/** How one message ended: answered (`text` is the reply as the server kept it), failed, or abandoned. */
export type ChatResult<Done = unknown> = { messageId: string } & ({ type: 'done'; text: string; done: Done } | { type: 'failed' } | { type: 'left' })

export interface ChatSessionOptions<Events extends ChatEventSchemas> {
  /** The persona's chat endpoint, e.g. `/api/biography/chat`. */
  url: string
  language: Language
  /** The persona's stream events (`chatStreamEventsWith(…)`), to check each event against. */
  events: Events
  /** The feature's own fields of every message, e.g. `{ memberId }`. */
  extraFields?: Record<string, unknown>
  /** Runs with the `done` data before the reply shows, e.g. to put what was saved in the query cache. */
  onDone?: (done: ChatDone<Events>) => void
  /** The stream broke off after the message was sent: the server may have saved the exchange anyway. */
  onInterrupted?: () => void
}

/**
 * The conversation of this visit with a persona: the bubbles, the reply as it streams in, and
 * the exchange's end. The server saves each exchange and builds the model's context from what it
 * saved; the exchanges it could not save travel back with each message, signed by the server, so
 * the persona still remembers them. Leaving the page aborts the stream.
 */
export function useChatSession<Events extends ChatEventSchemas>({ url, language, events, extraFields, onDone, onInterrupted }: ChatSessionOptions<Events>) {
  type Done = ChatDone<Events>
  const [turns, setTurns] = useState<ChatTurn<Done>[]>([])
  const [phase, setPhase] = useState<ChatPhase>('idle')
  const [replyText, setReplyText] = useState('')
  const running = useRef<AbortController>(undefined)
  const carried = useRef<CarriedExchange[]>([])
  const nextId = useRef(0)

  useEffect(() => () => running.current?.abort(), [])

  const newId = useCallback(() => {
    nextId.current += 1
    return `turn-${nextId.current}`
  }, [])

  const exchange = useCallback(
    async (messageId: string, message: string): Promise<ChatResult<Done>> => {
      const controller = new AbortController()
      running.current = controller
      setPhase('thinking')
      setReplyText('')
      let text = ''
      const addTurn = (turn: ChatTurn<Done>) => setTurns((previous) => [...previous, turn])
      const fail = (problem: ChatProblem): ChatResult<Done> => {
        addTurn({ id: newId(), speaker: 'problem', problem, messageId })
        return { messageId, type: 'failed' }
      }
      try {
        const outcome = await sendChatMessage(url, { ...extraFields, message, language, carried: carried.current }, events, {
          signal: controller.signal,
          onDelta: (piece) => {
            text += piece
            setReplyText(text)
            setPhase('writing')
          },
        })
        if (outcome.event === 'error') return fail({ type: 'reply', code: outcome.data.code })
        const done: Done = outcome.data
        onDone?.(done)
        if (done.carry) carried.current = [...carried.current, done.carry]
        // The reply as kept: a reply the model cut off ends at its last whole sentence.
        addTurn({ id: newId(), speaker: 'model', text: done.reply, done })
        return { messageId, type: 'done', text: done.reply, done }
      } catch (error) {
        if (isAbort(error)) return { messageId, type: 'left' }
        if (error instanceof ChatStreamInterrupted) {
          onInterrupted?.()
          return fail({ type: 'reply', code: 'upstream_failed' })
        }
        return fail({ type: 'request', error })
      } finally {
        if (running.current === controller) {
          running.current = undefined
          setPhase('idle')
          setReplyText('')
        }
      }
    },
    [url, language, events, extraFields, onDone, onInterrupted, newId],
  )

  /** Shows the message as the person's bubble and asks the persona for the reply. */
  const send = useCallback(
    (message: string) => {
      const id = newId()
      setTurns((previous) => [...previous, { id, speaker: 'user', text: message }])
      return exchange(id, message)
    },
    [exchange, newId],
  )

  /** Sends again the message a problem bubble answered, in place of that bubble. */
  const retry = useCallback(
    (problemId: string): Promise<ChatResult<Done>> | undefined => {
      const problem = turns.find((turn) => turn.id === problemId)
      if (!problem || problem.speaker !== 'problem') return undefined
      const message = turns.find((turn) => turn.id === problem.messageId)
      if (!message || message.speaker !== 'user') return undefined
      setTurns((previous) => previous.filter((turn) => turn.id !== problemId))
      return exchange(message.id, message.text)
    },
    [exchange, turns],
  )

  return { turns, phase, replyText, send, retry }
}
