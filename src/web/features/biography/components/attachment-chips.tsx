import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/icon.tsx'
import type { PendingAttachment } from '../lib/use-pending-attachments.ts'
import type { SentFile } from '../lib/use-sent-files.ts'

interface AttachmentChipsProps {
  items: PendingAttachment[]
  onRemove: (item: PendingAttachment) => void
  onRetry: (item: PendingAttachment) => void
}

/** The files chosen for the conversation, under the composer: waiting, attaching or failed. */
export function AttachmentChips({ items, onRemove, onRetry }: AttachmentChipsProps) {
  const { t } = useTranslation('biography')
  if (items.length === 0) return null
  return (
    <ul className="attachment-chips" aria-label={t('chat.attach.pendingLabel')}>
      {items.map((item) => {
        const name = item.file.name
        return (
          <li key={item.id} className={`attachment-chip attachment-chip-${item.state}`}>
            <span className="attachment-chip-name">
              <Icon name="paperclip" />
              {name}
            </span>
            {item.state === 'waiting' && (
              <>
                <span className="attachment-chip-state">{t('chat.attach.waiting')}</span>
                <button type="button" className="button attachment-chip-button" aria-label={t('chat.attach.removeLabel', { name })} onClick={() => onRemove(item)}>
                  {t('chat.attach.remove')}
                </button>
              </>
            )}
            {item.state === 'uploading' && (
              <span className="attachment-chip-progress">
                <span
                  className="attachment-chip-track"
                  role="progressbar"
                  aria-label={t('chat.attach.progressLabel', { name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.percent}
                >
                  <span className="attachment-chip-bar" style={{ width: `${item.percent}%` }} />
                </span>
                <span className="attachment-chip-state">{t('chat.attach.uploading', { percent: item.percent })}</span>
              </span>
            )}
            {item.state === 'failed' && (
              <>
                <span className="attachment-chip-error" role="alert">
                  {t('chat.attach.failed')}
                </span>
                <button type="button" className="button attachment-chip-button" aria-label={t('chat.attach.retryLabel', { name })} onClick={() => onRetry(item)}>
                  {t('chat.attach.retry')}
                </button>
                <button type="button" className="button attachment-chip-button" aria-label={t('chat.attach.removeLabel', { name })} onClick={() => onRemove(item)}>
                  {t('chat.attach.remove')}
                </button>
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * In the person's bubble, under their words: the photos they sent with them, as pictures (named
 * as what they are, not by a camera's file name), and the other files by name.
 */
export function SentFiles({ files }: { files: SentFile[] }) {
  const { t } = useTranslation('biography')
  if (files.length === 0) return null
  return (
    <ul className="sent-files" aria-label={t('chat.attach.sentLabel')}>
      {files.map((file, index) => (
        <li key={index} className="sent-file">
          {file.url ? (
            <img className="sent-file-photo" src={file.url} alt={t('chat.attach.sentPhoto')} />
          ) : (
            <span className="sent-file-name">
              <Icon name="paperclip" /> {file.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
