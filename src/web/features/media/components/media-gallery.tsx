import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useDeleteMedia, useMediaOf } from '../api/media-queries.ts'
import { MediaItem } from './media-item.tsx'
import { MediaViewer } from './media-viewer.tsx'
import './media-gallery.css'

type MediaGalleryProps = ({ memberId: string; entryId?: undefined } | { entryId: string; memberId?: undefined }) & {
  /** Whose media this is, for the heading. */
  ownerName?: string
  /** Whether the viewer may change captions and delete (and, for a member, add from the gallery); true unless said. */
  canManage?: boolean
  /** A file was deleted, e.g. so a list that shows media ids fetches again. */
  onDeleted?: (mediaId: string) => void
  headingLevel?: 3 | 4
}

/**
 * The files of a member or of a biography memory (docs/product.md#media): thumbnails, players and links, the
 * zoom viewer and, for their owner, captions changed in place and deleting.
 */
export function MediaGallery({ memberId, entryId, ownerName, canManage = true, onDeleted, headingLevel = 4 }: MediaGalleryProps) {
  const { t } = useTranslation('media')
  const media = useMediaOf(entryId !== undefined ? { entryId } : { memberId })
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
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
      onSuccess: (_nothing, id) => {
        setToDelete(undefined)
        setAnnouncement(t('delete.done', { name }))
        onDeleted?.(id)
      },
    })
  }

  // Naming the file makes each save a new announcement, even two in a row.
  function handleCaptionSaved(asset: MediaAsset) {
    setAnnouncement(t('caption.saved', { name: asset.fileName }))
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
            <MediaItem asset={asset} onOpen={setViewed} onDelete={canManage ? handleDeleteRequest : undefined} onCaptionSaved={canManage ? handleCaptionSaved : undefined} />
          </li>
        ))}
      </ul>
    )
  } else if (media.data) {
    content = <p className="media-gallery-empty">{t('gallery.empty')}</p>
  } else if (media.isError) {
    content = (
      <ErrorBanner>
        <p className="media-gallery-error">{entryId !== undefined ? t('gallery.entryLoadFailed') : t('gallery.loadFailed')}</p>
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
        <Heading id={headingId} className="media-gallery-heading">
          {ownerName ? t('gallery.heading', { name: ownerName }) : t('gallery.headingGeneric')}
        </Heading>
        {memberId !== undefined && canManage && (
          <button type="button" className="button" aria-disabled="true" onClick={() => setAnnouncement(t('gallery.addFromGalleryComingSoon'))}>
            {t('gallery.addFromGallery')}
          </button>
        )}
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
