import { useTranslation } from 'react-i18next'
import type { KeptRecording } from '../lib/use-interview-recording.ts'

/** One recording since the last message, to listen to, with whether it is saved yet. */
function PendingItem({ item, onRemove }: { item: KeptRecording; onRemove: (id: number) => void }) {
  const { t } = useTranslation('interviews')
  const label = t('chat.pendingItem', { number: item.id })
  const state = { saving: t('chat.recordingSaving', { percent: item.percent }), saved: t('chat.recordingSaved'), failed: t('chat.recordingNotSaved') }[item.state]
  return (
    <li className="interview-pending-item">
      <span>{label}</span>
      {/* The person's own voice, just recorded: there are no words to caption yet. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio controls preload="metadata" src={item.url} aria-label={label} />
      <span className={`interview-pending-state interview-pending-${item.state}`}>{state}</span>
      {item.state !== 'saving' && (
        <button type="button" className="button" aria-label={t('chat.removeLabel', { number: item.id })} onClick={() => onRemove(item.id)}>
          {t('chat.remove')}
        </button>
      )}
    </li>
  )
}

/** The voice recorded since the last message: each saved with the member as it stops, and added to the next saved exchange. */
export function PendingRecordings({ items, onRemove }: { items: KeptRecording[]; onRemove: (id: number) => void }) {
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
