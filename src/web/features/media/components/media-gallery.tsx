import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useDeleteMedia, useMemberMedia } from '../api/media-queries.ts'
import { MediaItem } from './media-item.tsx'
import { MediaViewer } from './media-viewer.tsx'
import './media-gallery.css'

interface MediaGalleryProps {
  memberId: string
  /** Whose media this is, for the heading. */
  ownerName?: string
}

/** A member's files (spec §2): thumbnails, players and links, the zoom viewer and deleting. */
export function MediaGallery({ memberId, ownerName }: MediaGalleryProps) {
  const { t } = useTranslation('media')
  const media = useMemberMedia(memberId)
  const deleteMedia = useDeleteMedia()
  const [viewed, setViewed] = useState<MediaAsset>()
  const [toDelete, setToDelete] = useState<MediaAsset>()
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()

  function handleDeleteRequest(asset: MediaAsset) {
    deleteMedia.reset()
    setToDelete(asset)
  }

  function handleDeleteCancel() {
    setToDelete(undefined)
    deleteMedia.reset()
  }

  function handleDeleteConfirm() {
    if (!toDelete) return
    const name = toDelete.fileName
    deleteMedia.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(undefined)
        setAnnouncement(t('delete.done', { name }))
      },
    })
  }

  function deleteError(error: unknown): string {
    if (error instanceof ApiError && error.status === 401) return t('delete.notLoggedIn')
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return t('delete.forbidden')
    return t('delete.failed', { message: errorText(t, error) })
  }

  let content: ReactNode
  if (media.data && media.data.length > 0) {
    content = (
      <ul className="media-grid" aria-labelledby={headingId}>
        {media.data.map((asset) => (
          <li key={asset.id}>
            <MediaItem asset={asset} onOpen={setViewed} onDelete={handleDeleteRequest} />
          </li>
        ))}
      </ul>
    )
  } else if (media.data) {
    content = <p className="media-gallery-empty">{t('gallery.empty')}</p>
  } else if (media.isError) {
    content = (
      <ErrorBanner>
        <p className="media-gallery-error">{t('gallery.loadFailed')}</p>
        <button type="button" className="button" aria-disabled={media.isFetching} onClick={() => void media.refetch()}>
          {t('gallery.retry')}
        </button>
      </ErrorBanner>
    )
  } else {
    content = (
      <p className="media-gallery-loading" role="status">
        {t('gallery.loading')}
      </p>
    )
  }

  return (
    <section className="media-gallery" aria-labelledby={headingId}>
      <div className="media-gallery-header">
        <h4 id={headingId} className="media-gallery-heading">
          {ownerName ? t('gallery.heading', { name: ownerName }) : t('gallery.headingGeneric')}
        </h4>
        <button type="button" className="button" aria-disabled="true" onClick={() => setAnnouncement(t('gallery.addFromGalleryComingSoon'))}>
          {t('gallery.addFromGallery')}
        </button>
      </div>
      {content}
      <StatusMessage tone="info">{announcement}</StatusMessage>
      <MediaViewer asset={viewed} onClose={() => setViewed(undefined)} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('delete.title')}
        description={toDelete && <p>{t('delete.description', { name: toDelete.fileName })}</p>}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        pendingLabel={t('delete.pending')}
        pending={deleteMedia.isPending}
        error={deleteMedia.isError ? deleteError(deleteMedia.error) : undefined}
        onConfirm={handleDeleteConfirm}
        onCancel={handleDeleteCancel}
      />
    </section>
  )
}
