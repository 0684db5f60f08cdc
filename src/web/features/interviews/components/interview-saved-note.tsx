import { useTranslation } from 'react-i18next'
import { ReplyNote } from '../../../components/chat/chat-bubble.tsx'

/** Under Ana's reply: whether the exchange was kept with the relative's interviews. */
export function InterviewSavedNote({ isSaved, name }: { isSaved: boolean; name: string }) {
  const { t } = useTranslation('interviews')
  return <ReplyNote isSaved={isSaved}>{isSaved ? t('chat.saved', { name }) : t('chat.saveFailed')}</ReplyNote>
}
