import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ChatOpening } from '../../../shared/contracts/chat.ts'
import { ChatBubble } from './chat-bubble.tsx'
import './chat-log.css'

interface OpeningBubbleProps {
  persona: string
  /** The feature's query of its opening (`GET …/chat?language=`). */
  opening: UseQueryResult<ChatOpening>
}

/** The persona's first bubble: the greeting (in guided mode, with the first question), or why it is missing. */
export function OpeningBubble({ persona, opening }: OpeningBubbleProps) {
  const { t } = useTranslation('chat')
  if (opening.data) {
    return (
      <ChatBubble speaker="model" persona={persona}>
        {opening.data.text}
      </ChatBubble>
    )
  }
  if (opening.isError) {
    return (
      <ChatBubble
        speaker="model"
        persona={persona}
        tone="problem"
        footer={
          <p className="chat-bubble-footer">
            <button type="button" className="button" aria-disabled={opening.isFetching} onClick={() => void opening.refetch()}>
              {t('openingRetry')}
            </button>
          </p>
        }
      >
        {t('openingFailed', { persona })}
      </ChatBubble>
    )
  }
  return (
    <ChatBubble speaker="model" persona={persona}>
      <span className="chat-thinking">{t('openingLoading', { persona })}</span>
    </ChatBubble>
  )
}

/** With no model configured the persona asks prepared questions (docs/product.md#ai-modes); say so, and how to change it. */
export function GuidedNotice({ persona }: { persona: string }) {
  const { t } = useTranslation('chat')
  return (
    <div className="banner banner-info chat-guided" data-testid="chat-guided-notice">
      <p className="chat-guided-title">{t('guided.title')}</p>
      <p>{t('guided.body', { persona })}</p>
      <p>{t('guided.howToEnable')}</p>
    </div>
  )
}
