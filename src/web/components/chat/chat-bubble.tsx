import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../ui/icon.tsx'
import './chat-bubble.css'

interface ChatBubbleProps {
  speaker: 'user' | 'model'
  /** The persona's name, written above its words ("Cronos", "Ana"). */
  persona: string
  children: ReactNode
  /** Under the words, inside the bubble: what was sent with them (photos, files). */
  attachments?: ReactNode
  /** Below the words: whether the exchange was saved, or a way to try again. */
  footer?: ReactNode
  tone?: 'normal' | 'problem'
}

/**
 * One turn of a conversation. Who speaks is written above the words ("Tú", "Cronos"), and the
 * two sides differ in place, frame and colour, so colour is never the only sign.
 */
export function ChatBubble({ speaker, persona, children, attachments, footer, tone = 'normal' }: ChatBubbleProps) {
  const { t } = useTranslation('chat')
  return (
    <div className={`chat-bubble chat-bubble-${speaker}${tone === 'problem' ? ' chat-bubble-problem' : ''}`}>
      <p className="chat-bubble-speaker">{speaker === 'user' ? t('you') : persona}</p>
      <div className="chat-bubble-text">{children}</div>
      {attachments}
      {footer}
    </div>
  )
}

/** A reply's footer saying what became of the exchange: kept (with a tick), or not. */
export function ReplyNote({ isSaved, children }: { isSaved: boolean; children: ReactNode }) {
  if (isSaved) {
    return (
      <p className="chat-bubble-footer chat-bubble-saved">
        <Icon name="check" /> {children}
      </p>
    )
  }
  return <p className="chat-bubble-footer chat-bubble-not-saved">{children}</p>
}
