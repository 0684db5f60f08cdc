import { useTranslation } from 'react-i18next'
import { ReplyNote } from '../../../components/chat/chat-bubble.tsx'

/** Under Ana's reply: whether the exchange was kept with the relative's interviews (another question asked for is not). */
export function InterviewSavedNote({ isSaved, isSkipped = false, name }: { isSaved: boolean; isSkipped?: boolean; name: string }) {
  const { t } = useTranslation('interviews')
  if (isSkipped) return <ReplyNote isSaved={false}>{t('chat.skipped')}</ReplyNote>
  return <ReplyNote isSaved={isSaved}>{isSaved ? t('chat.saved', { name }) : t('chat.saveFailed')}</ReplyNote>
}
