import { useTranslation } from 'react-i18next'
import type { PendingRecording } from '../lib/use-interview-recording.ts'

/** One recording to listen to before it goes. */
function PendingItem({ item, onRemove }: { item: PendingRecording; onRemove: (id: number) => void }) {
  const { t } = useTranslation('interviews')
  const label = t('chat.pendingItem', { number: item.id })
  return (
    <li className="interview-pending-item">
      <span>{label}</span>
      {/* The person's own voice, just recorded: there are no words to caption yet. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio controls preload="metadata" src={item.url} aria-label={label} />
      <button type="button" className="button" aria-label={t('chat.removeLabel', { number: item.id })} onClick={() => onRemove(item.id)}>
        {t('chat.remove')}
      </button>
    </li>
  )
}

/** The voice recorded since the last message, kept until a saved exchange takes it (nothing is lost). */
export function PendingRecordings({ items, onRemove }: { items: PendingRecording[]; onRemove: (id: number) => void }) {
  const { t } = useTranslation('interviews')
  if (items.length === 0) return null
  return (
    <div className="interview-pending">
      <ul aria-label={t('chat.pendingLabel')} className="interview-pending-list">
        {items.map((item) => (
          <PendingItem key={item.id} item={item} onRemove={onRemove} />
        ))}
      </ul>
      <p className="chat-mic-note">{t('chat.pendingHint')}</p>
    </div>
  )
}
