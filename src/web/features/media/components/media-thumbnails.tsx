import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import { Icon } from '../../../components/ui/icon.tsx'
import { useMediaOf } from '../api/media-queries.ts'
import { MediaViewer } from './media-viewer.tsx'
import './media-thumbnails.css'

/** One file as a small print: a photo's thumbnail that opens the viewer, a recording to play, or a link. */
function Thumbnail({ asset, onOpen }: { asset: MediaAsset; onOpen: (asset: MediaAsset) => void }) {
  const { t } = useTranslation('media')
  const { caption, contentType: type } = asset
  let preview
  if (type.startsWith('image/')) {
    // Named by its caption, or by what it is: a camera's file name ("IMG_2041.jpg") says nothing.
    preview = (
      <button
        type="button"
        className="media-thumbnail-button"
        aria-label={caption ? t('thumbnails.openPhoto', { caption }) : t('thumbnails.openUntitled')}
        onClick={() => onOpen(asset)}
      >
        <img className="media-thumbnail-image" src={asset.thumbnailURL ?? asset.downloadURL} alt="" loading="lazy" />
      </button>
    )
  } else if (type.startsWith('audio/')) {
    preview = (
      // Family recordings carry no caption track; the caption below tells what they hold.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <audio className="media-thumbnail-audio" controls preload="none" src={asset.downloadURL} aria-label={caption || t('thumbnails.audio')} />
    )
  } else {
    preview = (
      <a
        className="media-thumbnail-file"
        href={asset.downloadURL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('gallery.openFile', { name: caption || asset.fileName })}
      >
        <Icon name="document" />
        <span>{type.startsWith('video/') ? t('thumbnails.video') : asset.fileName}</span>
      </a>
    )
  }
  return (
    <figure className={type.startsWith('image/') ? 'media-thumbnail' : 'media-thumbnail media-thumbnail-wide'}>
      {preview}
      {/* The control above already says the caption to a screen reader. */}
      {caption && (
        <figcaption className="media-thumbnail-caption" aria-hidden="true">
          {caption}
        </figcaption>
      )}
    </figure>
  )
}

interface MediaThumbnailsProps {
  /** Whose files: a memory's, or a member's. */
  owner: { entryId: string } | { memberId: string }
  /** What the list is, for a screen reader ("Archivos de este recuerdo"). */
  label: string
}

/**
 * The files attached to something, small, where they belong (a memory in the list): photos as
 * thumbnails with their captions, opening the zoom viewer; recordings to play; other files as
 * links. Nothing while there are none.
 */
export function MediaThumbnails({ owner, label }: MediaThumbnailsProps) {
  const { t } = useTranslation('media')
  const media = useMediaOf(owner)
  const [viewed, setViewed] = useState<MediaAsset>()
  if (media.isPending) return <p className="media-thumbnails-note">{t('gallery.loading')}</p>
  if (media.isError) return <p className="media-thumbnails-note">{t('gallery.loadFailed')}</p>
  if (media.data.length === 0) return null
  return (
    <>
      <ul className="media-thumbnails" aria-label={label}>
        {media.data.map((asset) => (
          <li key={asset.id}>
            <Thumbnail asset={asset} onOpen={setViewed} />
          </li>
        ))}
      </ul>
      <MediaViewer asset={viewed} onClose={() => setViewed(undefined)} />
    </>
  )
}
