import { useTranslation } from 'react-i18next'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import { Icon } from '../../../components/ui/icon.tsx'
import { useEditInPlace } from '../../../components/ui/use-edit-in-place.ts'
import { useUpdateMediaCaption } from '../api/media-queries.ts'
import { formatMegabytes } from '../lib/format-size.ts'
import { MediaCaptionForm } from './media-caption-form.tsx'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

interface MediaItemProps {
  asset: MediaAsset
  onOpen: (asset: MediaAsset) => void
  /** Without it the file cannot be deleted from here (someone else's memory). */
  onDelete?: (asset: MediaAsset) => void
  /** Without it the caption cannot be changed from here; called with the saved file. */
  onCaptionSaved?: (asset: MediaAsset) => void
}

/**
 * One file of a gallery: a thumbnail that opens the viewer, a player, or a link for documents;
 * for its owner, a caption that changes in place.
 */
export function MediaItem({ asset, onOpen, onDelete, onCaptionSaved }: MediaItemProps) {
  const { t, i18n } = useTranslation('media')
  const updateCaption = useUpdateMediaCaption()
  const { isEditing, open: openEditor, close: closeEditor, editButtonRef } = useEditInPlace()
  const name = asset.fileName
  const type = asset.contentType
  let preview
  if (type.startsWith('image/')) {
    preview = (
      <button type="button" className="media-thumb-button" aria-label={t('gallery.open', { name })} onClick={() => onOpen(asset)}>
        <img className="media-thumb" src={asset.thumbnailURL ?? asset.downloadURL} alt="" loading="lazy" />
      </button>
    )
  } else if (type.startsWith('audio/')) {
    preview = (
      // Family recordings carry no caption track; the caption below tells what they hold.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <audio className="media-player media-player-audio" controls preload="metadata" src={asset.downloadURL} aria-label={name}>
        {t('gallery.audioUnsupported')}
      </audio>
    )
  } else if (type.startsWith('video/')) {
    preview = (
      // Family videos carry no caption track; the caption below tells what they show.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video className="media-player media-player-video" controls preload="metadata" src={asset.downloadURL} aria-label={name}>
        {t('gallery.videoUnsupported')}
      </video>
    )
  } else {
    preview = (
      <a className="media-file-link" href={asset.downloadURL} target="_blank" rel="noopener noreferrer" aria-label={t('gallery.openFile', { name })}>
        <span className="media-file-icon">
          <Icon name="document" />
        </span>
        <span className="media-file-name">{name}</span>
      </a>
    )
  }
  const date = new Date(asset.uploadedAt)
  const dateText = Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(uiLanguageOf(i18n), { dateStyle: 'medium' }).format(date)

  async function handleCaptionSave(caption: string) {
    const saved = await updateCaption.mutateAsync({ id: asset.id, caption })
    closeEditor()
    onCaptionSaved?.(saved)
  }

  return (
    <figure className="media-item">
      <div className="media-item-preview">{preview}</div>
      {isEditing && <MediaCaptionForm caption={asset.caption} fileName={name} onSubmit={handleCaptionSave} onCancel={closeEditor} />}
      <figcaption className="media-item-caption">
        {asset.caption && !isEditing && <span className="media-item-text">{asset.caption}</span>}
        <span className="media-item-meta">
          {name} · {t('gallery.sizeAndDate', { size: formatMegabytes(asset.size, uiLanguageOf(i18n)), date: dateText })}
        </span>
      </figcaption>
      {!isEditing && (
        <div className="media-item-actions">
          <a className="button" href={asset.downloadURL} download={name} aria-label={t('gallery.downloadLabel', { name })}>
            {t('gallery.download')}
          </a>
          {onCaptionSaved && (
            <button ref={editButtonRef} type="button" className="button" aria-label={t('caption.editLabel', { name })} onClick={openEditor}>
              {t('caption.edit')}
            </button>
          )}
          {onDelete && (
            <button type="button" className="button button-danger" aria-label={t('gallery.deleteLabel', { name })} onClick={() => onDelete(asset)}>
              {t('gallery.delete')}
            </button>
          )}
        </div>
      )}
    </figure>
  )
}
