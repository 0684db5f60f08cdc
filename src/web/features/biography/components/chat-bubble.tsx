import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './chat-bubble.css'

interface ChatBubbleProps {
  speaker: 'user' | 'model'
  children: ReactNode
  /** Below the words: whether the exchange was saved, or a way to try again. */
  footer?: ReactNode
  tone?: 'normal' | 'problem'
}

/**
 * One turn of a conversation. Who speaks is written above the words ("Tú", "Cronos"), and the
 * two sides differ in place, frame and colour, so colour is never the only sign.
 */
export function ChatBubble({ speaker, children, footer, tone = 'normal' }: ChatBubbleProps) {
  const { t } = useTranslation('biography')
  return (
    <div className={`chat-bubble chat-bubble-${speaker}${tone === 'problem' ? ' chat-bubble-problem' : ''}`}>
      <p className="chat-bubble-speaker">{speaker === 'user' ? t('chat.you') : t('chat.cronos')}</p>
      <div className="chat-bubble-text">{children}</div>
      {footer}
    </div>
  )
}
