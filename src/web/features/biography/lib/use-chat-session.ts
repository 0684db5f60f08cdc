import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import type { CarriedExchange } from '../../../../shared/contracts/chat.ts'
import type { Language } from '../../../../shared/limits.ts'
import { biographyKeys, storeEntry } from '../api/biography-queries.ts'
import { ChatStreamInterrupted, isAbort, sendChatMessage } from '../api/chat-stream.ts'
import type { ChatProblem } from './chat-problem.ts'

type NotSavedReason = 'biography.no_self_member' | 'biography.save_failed'

/** One bubble of this visit's conversation. */
export type ChatTurn =
  | { id: string; speaker: 'user'; text: string }
  | { id: string; speaker: 'model'; text: string; saved: 'saved' | NotSavedReason }
  /** A message that got no reply; `messageId` is the user turn to send again. */
  | { id: string; speaker: 'problem'; problem: ChatProblem; messageId: string }

/** Spec §4: waiting for the reply ('thinking'), the reply arriving ('writing'), or free. */
export type ChatPhase = 'idle' | 'thinking' | 'writing'

export type ChatResult = { messageId: string } & (
  | { type: 'done'; text: string; entry: BiographyEntry | null; notSavedReason: NotSavedReason | null }
  | { type: 'failed' }
  | { type: 'left' }
)

/**
 * The conversation of this visit with Cronos: the bubbles, the reply as it streams in, and the
 * exchange's end. The server saves each exchange and builds the model's context from saved
 * memories; the exchanges it could not save (no self member yet) travel back with each message,
 * signed by the server, so Cronos still remembers them. Leaving the page aborts the stream.
 */
export function useChatSession(language: Language) {
  const queryClient = useQueryClient()
  const [turns, setTurns] = useState<ChatTurn[]>([])
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
    async (messageId: string, message: string): Promise<ChatResult> => {
      const controller = new AbortController()
      running.current = controller
      setPhase('thinking')
      setReplyText('')
      let text = ''
      const addTurn = (turn: ChatTurn) => setTurns((previous) => [...previous, turn])
      const fail = (problem: ChatProblem): ChatResult => {
        addTurn({ id: newId(), speaker: 'problem', problem, messageId })
        return { messageId, type: 'failed' }
      }
      try {
        const outcome = await sendChatMessage(
          { message, language, carried: carried.current },
          {
            signal: controller.signal,
            onDelta: (piece) => {
              text += piece
              setReplyText(text)
              setPhase('writing')
            },
          },
        )
        if (outcome.event === 'error') return fail({ type: 'reply', code: outcome.data.code })
        const { entry, notSavedReason, reply, carry } = outcome.data
        if (entry) storeEntry(queryClient, entry)
        if (carry) carried.current = [...carried.current, carry]
        // The reply as kept: a reply the model cut off ends at its last whole sentence.
        addTurn({ id: newId(), speaker: 'model', text: reply, saved: entry ? 'saved' : (notSavedReason ?? 'biography.save_failed') })
        return { messageId, type: 'done', text: reply, entry, notSavedReason }
      } catch (error) {
        if (isAbort(error)) return { messageId, type: 'left' }
        if (error instanceof ChatStreamInterrupted) {
          // The server may have saved the exchange before the connection dropped.
          void queryClient.invalidateQueries({ queryKey: biographyKeys.entries() })
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
    [language, newId, queryClient],
  )

  /** Shows the message as the person's bubble and asks Cronos for the reply. */
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
    (problemId: string): Promise<ChatResult> | undefined => {
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
