import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ChatOpening } from '../../../../shared/contracts/chat.ts'
import { ChatBubble } from './chat-bubble.tsx'

/** Cronos' first bubble: the greeting (in guided mode, with the first question), or why it is missing. */
export function OpeningBubble({ opening }: { opening: UseQueryResult<ChatOpening> }) {
  const { t } = useTranslation('biography')
  if (opening.data) return <ChatBubble speaker="model">{opening.data.text}</ChatBubble>
  if (opening.isError) {
    return (
      <ChatBubble
        speaker="model"
        tone="problem"
        footer={
          <p className="chat-bubble-footer">
            <button type="button" className="button" aria-disabled={opening.isFetching} onClick={() => void opening.refetch()}>
              {t('chat.openingRetry')}
            </button>
          </p>
        }
      >
        {t('chat.openingFailed')}
      </ChatBubble>
    )
  }
  return (
    <ChatBubble speaker="model">
      <span className="chat-thinking">{t('chat.openingLoading')}</span>
    </ChatBubble>
  )
}

/** DESIGN §5: with no model configured Cronos asks prepared questions; say so, and how to change it. */
export function GuidedNotice() {
  const { t } = useTranslation('biography')
  return (
    <div className="banner banner-info chat-guided" data-testid="chat-guided-notice">
      <p className="chat-guided-title">{t('chat.guided.title')}</p>
      <p>{t('chat.guided.body')}</p>
      <p>{t('chat.guided.howToEnable')}</p>
    </div>
  )
}
