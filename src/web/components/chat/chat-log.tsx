import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { chatProblemText, type ReplyErrorTexts } from '../../lib/chat/chat-problem.ts'
import type { ChatPhase, ChatTurn } from '../../lib/chat/use-chat-session.ts'
import { ChatBubble } from './chat-bubble.tsx'
import './chat-log.css'

export interface ChatLogProps<Done> {
  /** The persona's name, as its bubbles and the log's label say it. */
  persona: string
  /** The persona's opening bubble (or its loading and failure states). */
  opening: ReactNode
  turns: ChatTurn<Done>[]
  phase: ChatPhase
  replyText: string
  /** The last problem bubble may send its message again while nothing else runs. */
  canRetry: boolean
  onRetry: (problemId: string) => void
  /** In each of the person's bubbles, under their words: what they sent with them (`index` counts their messages from 0). */
  userAttachments?: (index: number) => ReactNode
  /** Under each reply: what the feature made of it, e.g. whether it was saved. */
  replyFooter?: (done: Done) => ReactNode
  /** The persona's own words for some failures, instead of the kit's. */
  replyErrors?: ReplyErrorTexts
}

/**
 * The conversation. The finished bubbles form a polite live log, so a screen reader reads each
 * complete reply once; the reply still being written sits just below it, outside the log, so it
 * is not read out word by word.
 */
export function ChatLog<Done>({ persona, opening, turns, phase, replyText, canRetry, onRetry, userAttachments, replyFooter, replyErrors }: ChatLogProps<Done>) {
  const { t } = useTranslation('chat')
  const endRef = useRef<HTMLDivElement>(null)
  const lastTurn = turns.at(-1)
  const userIndexOf = new Map(turns.filter((turn) => turn.speaker === 'user').map((turn, index) => [turn.id, index]))

  // The newest words stay in sight as they arrive (the page itself stays put until a first message).
  useEffect(() => {
    if (turns.length > 0 || phase !== 'idle') endRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [turns.length, phase, replyText])

  return (
    <div className="chat-window">
      <div role="log" aria-live="polite" aria-label={t('logLabel', { persona })} data-testid="chat-log">
        <ol className="chat-log">
          <li className="chat-turn" data-testid="chat-turn" data-speaker="model">
            {opening}
          </li>
          {turns.map((turn) => (
            <li key={turn.id} className="chat-turn" data-testid="chat-turn" data-speaker={turn.speaker === 'user' ? 'user' : 'model'}>
              {turn.speaker === 'user' && (
                <ChatBubble speaker="user" persona={persona} attachments={userAttachments?.(userIndexOf.get(turn.id) ?? 0)}>
                  {turn.text}
                </ChatBubble>
              )}
              {turn.speaker === 'model' && (
                <ChatBubble speaker="model" persona={persona} footer={replyFooter?.(turn.done)}>
                  {turn.text}
                </ChatBubble>
              )}
              {turn.speaker === 'problem' && (
                <ChatBubble
                  speaker="model"
                  persona={persona}
                  tone="problem"
                  footer={
                    canRetry && turn === lastTurn ? (
                      <p className="chat-bubble-footer">
                        <button type="button" className="button" onClick={() => onRetry(turn.id)}>
                          {t('retry')}
                        </button>
                      </p>
                    ) : undefined
                  }
                >
                  {chatProblemText(t, turn.problem, replyErrors)}
                </ChatBubble>
              )}
            </li>
          ))}
        </ol>
      </div>
      {phase === 'writing' && (
        <div className="chat-turn chat-turn-pending" data-testid="chat-reply-in-progress">
          <ChatBubble speaker="model" persona={persona}>
            {replyText}
          </ChatBubble>
        </div>
      )}
      <div role="status" className="chat-thinking-status">
        {phase === 'thinking' && (
          <div className="chat-turn chat-turn-pending">
            <ChatBubble speaker="model" persona={persona}>
              <span className="chat-thinking">
                {t('thinking', { persona })}
                <span className="chat-thinking-dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
              </span>
            </ChatBubble>
          </div>
        )}
      </div>
      <div ref={endRef} />
    </div>
  )
}
