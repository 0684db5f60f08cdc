import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'

/**
 * The media feature's pieces for one member, handed in by the page (features do not import each
 * other): the uploader and the gallery, each shown under the card when its button is pressed.
 */
export interface MemberMediaSlot {
  renderUploader: (member: Member, name: string) => ReactNode
  renderGallery: (member: Member, name: string) => ReactNode
}

export type MediaPanel = 'uploader' | 'gallery'

interface MediaButtonsProps {
  name: string
  /** Without the media pieces the buttons are marked unavailable and `onPress` shows a note. */
  hasMedia: boolean
  /** The person's role adds files to the tree; without it only «Ver multimedia» is offered. */
  mayUpload?: boolean
  openPanels: ReadonlySet<MediaPanel>
  panelIds: Record<MediaPanel, string>
  onToggle: (panel: MediaPanel) => void
  onPress: () => void
}

/** "Añadir multimedia" toggles the member's uploader and "Ver multimedia" their gallery (docs/product.md#family-tree). */
export function MediaButtons({ name, hasMedia, mayUpload = true, openPanels, panelIds, onToggle, onPress }: MediaButtonsProps) {
  const { t } = useTranslation(['family-tree', 'media'])
  if (!hasMedia) {
    return (
      <>
        {mayUpload && (
          <button type="button" className="button" aria-disabled="true" aria-label={t('card.addMediaLabel', { name })} onClick={onPress}>
            {t('card.addMedia')}
          </button>
        )}
        <button type="button" className="button" aria-disabled="true" aria-label={t('card.viewMediaLabel', { name })} onClick={onPress}>
          {t('card.viewMedia')}
        </button>
      </>
    )
  }
  const uploaderOpen = openPanels.has('uploader')
  const galleryOpen = openPanels.has('gallery')
  return (
    <>
      {mayUpload && (
        <button
          type="button"
          className="button"
          aria-expanded={uploaderOpen}
          aria-controls={uploaderOpen ? panelIds.uploader : undefined}
          aria-label={uploaderOpen ? t('media:member.hideUploaderLabel', { name }) : t('card.addMediaLabel', { name })}
          onClick={() => onToggle('uploader')}
        >
          {uploaderOpen ? t('media:member.hideUploader') : t('card.addMedia')}
        </button>
      )}
      <button
        type="button"
        className="button"
        aria-expanded={galleryOpen}
        aria-controls={galleryOpen ? panelIds.gallery : undefined}
        aria-label={galleryOpen ? t('media:member.hideGalleryLabel', { name }) : t('card.viewMediaLabel', { name })}
        onClick={() => onToggle('gallery')}
      >
        {galleryOpen ? t('media:member.hideGallery') : t('card.viewMedia')}
      </button>
    </>
  )
}
