import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts'
import './media-viewer.css'

interface MediaViewerProps {
  /** The image shown; none means the viewer is closed. */
  asset: MediaAsset | undefined
  onClose: () => void
}

/**
 * The zoom viewer for a photo (docs/product.md#media): the full image, its caption and a download link, on the
 * native modal `<dialog>`. Escape or Close shut it and focus goes back to the opening thumbnail.
 */
export function MediaViewer({ asset, onClose }: MediaViewerProps) {
  const { t } = useTranslation('media')
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const [isZoomed, setIsZoomed] = useState(false)
  const [failedId, setFailedId] = useState<string>()
  const dialog = useModalDialog({ open: asset !== undefined, initialFocus: closeRef, onCancel: onClose, onClosed: () => setIsZoomed(false) })

  const failed = asset !== undefined && failedId === asset.id

  return (
    <dialog {...dialog} className="media-viewer" aria-labelledby={titleId}>
      {asset && (
        <div className="media-viewer-body">
          <header className="media-viewer-header">
            <h2 id={titleId} className="media-viewer-title">
              {asset.fileName}
            </h2>
            <button ref={closeRef} type="button" className="button" onClick={onClose}>
              {t('viewer.close')}
            </button>
          </header>
          <div className={`media-viewer-stage${isZoomed ? ' media-viewer-stage-zoomed' : ''}`}>
            {failed ? (
              <p className="banner banner-error" role="alert">
                {t('viewer.notFound')}
              </p>
            ) : (
              <img className="media-viewer-image" src={asset.downloadURL} alt={asset.caption || asset.fileName} onError={() => setFailedId(asset.id)} />
            )}
          </div>
          <p className={asset.caption ? 'media-viewer-caption' : 'media-viewer-caption media-viewer-caption-empty'}>{asset.caption || t('viewer.noCaption')}</p>
          <div className="media-viewer-actions">
            <button type="button" className="button" aria-pressed={isZoomed} onClick={() => setIsZoomed((zoomed) => !zoomed)}>
              {isZoomed ? t('viewer.zoomOut') : t('viewer.zoomIn')}
            </button>
            <a className="button button-primary" href={asset.downloadURL} download={asset.fileName} aria-label={t('gallery.downloadLabel', { name: asset.fileName })}>
              {t('gallery.download')}
            </a>
          </div>
        </div>
      )}
    </dialog>
  )
}
