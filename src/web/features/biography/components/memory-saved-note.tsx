import { useTranslation } from 'react-i18next'
import { ReplyNote } from '../../../components/chat/chat-bubble.tsx'
import type { BiographyChatDone } from '../api/biography-chat-session.ts'

/** Under Cronos' reply: the exchange became a memory, or why it did not (another question asked for, no own profile, a failed save). */
export function MemorySavedNote({ done }: { done: BiographyChatDone }) {
  const { t } = useTranslation('biography')
  if (done.entry) return <ReplyNote isSaved>{t('chat.saved')}</ReplyNote>
  if (done.notSavedReason === 'chat.skipped') return <ReplyNote isSaved={false}>{t('chat.skipped')}</ReplyNote>
  return <ReplyNote isSaved={false}>{done.notSavedReason === 'biography.no_self_member' ? t('errors:biography.no_self_member') : t('chat.saveFailed')}</ReplyNote>
}
