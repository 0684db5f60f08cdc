import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatProblem } from './chat-problem.ts'
import { ChatStreamInterrupted, isAbort, sendChatMessage, type ChatDone, type ChatEventSchemas } from './chat-stream.ts'

/**
 * Where a one-off answer stands: not asked, being written, whole, stopped by the person, or failed
 * (`problem` says why; an interrupted stream is `interrupted`).
 */
export type TellPhase = 'idle' | 'writing' | 'done' | 'stopped' | 'failed'
export type TellProblem = ChatProblem | { type: 'interrupted' }

export interface TellState<Done> {
  phase: TellPhase
  /** The answer as it arrived (or, once whole, as the server kept it). */
  text: string
  done: Done | null
  problem: TellProblem | null
}

const idle = { phase: 'idle', text: '', done: null, problem: null } as const

/**
 * A persona's answer to one request that is not a conversation (a memory to retell, a dream to
 * read), streamed into view. `stop` ends the wait at once and keeps what arrived; leaving the page
 * stops it too.
 */
export function useTell<Events extends ChatEventSchemas>(url: string, events: Events, { onDone }: { onDone?: (done: ChatDone<Events>) => void } = {}) {
  type Done = ChatDone<Events>
  const [state, setState] = useState<TellState<Done>>(idle)
  const running = useRef<AbortController>(undefined)
  const latestOnDone = useRef(onDone)

  useEffect(() => {
    latestOnDone.current = onDone
  })
  useEffect(() => () => running.current?.abort(), [])

  const start = useCallback(
    async (body: object) => {
      running.current?.abort()
      const controller = new AbortController()
      running.current = controller
      setState({ phase: 'writing', text: '', done: null, problem: null })
      const settle = (next: Omit<TellState<Done>, 'text'> & { text?: string }) => {
        if (running.current !== controller) return
        running.current = undefined
        setState((current) => ({ ...next, text: next.text ?? current.text }))
      }
      try {
        const outcome = await sendChatMessage(url, body, events, {
          signal: controller.signal,
          onDelta: (text) => setState((current) => (running.current === controller ? { ...current, text: current.text + text } : current)),
        })
        if (outcome.event === 'done') {
          if (running.current === controller) latestOnDone.current?.(outcome.data)
          settle({ phase: 'done', text: outcome.data.reply, done: outcome.data, problem: null })
        } else settle({ phase: 'failed', done: null, problem: { type: 'reply', code: outcome.data.code } })
      } catch (error) {
        if (isAbort(error)) return
        settle({ phase: 'failed', done: null, problem: error instanceof ChatStreamInterrupted ? { type: 'interrupted' } : { type: 'request', error } })
      }
    },
    [url, events],
  )

  const stop = useCallback(() => {
    if (!running.current) return
    running.current.abort()
    running.current = undefined
    setState((current) => ({ ...current, phase: 'stopped' }))
  }, [])

  const reset = useCallback(() => {
    running.current?.abort()
    running.current = undefined
    setState(idle)
  }, [])

  return { ...state, start, stop, reset }
}
