import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import { formatStoredDate, storedDateText } from '../../../../shared/genealogy-date/index.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useEditInPlace } from '../../../components/ui/use-edit-in-place.ts'
import { useUpdateEntry } from '../api/biography-queries.ts'
import { memoryName } from '../lib/memory-name.ts'
import { KeptExchangeView } from '../../../components/chat/kept-exchange.tsx'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { MemoryDetailsForm, type MemoryDetails } from './memory-details-form.tsx'
import type { MemoryShareSlot, MemoryThumbnailsSlot } from './slots.ts'

interface MemoryItemProps {
  entry: BiographyEntry
  /** Opens the memory's media dialog; without it there is no "Gestionar multimedia". */
  onManageMedia?: (entry: BiographyEntry) => void
  onUpdated: (entry: BiographyEntry) => void
  /** Asks to delete the memory (the list confirms first); without it there is no delete button. */
  onDelete?: (entry: BiographyEntry) => void
  /** Inside a conversation, whose title is the heading above it. */
  isInConversation?: boolean
  /** The memory's files as thumbnails (the media feature). */
  renderThumbnails?: MemoryThumbnailsSlot
  /** Sharing the memory with a tree (the family tree's control). */
  renderShare?: MemoryShareSlot
}

/**
 * One saved memory (docs/product.md#biography): its title or else the day it was saved, when it happened, the
 * question Cronos asked above the person's answer and his reply, its files as thumbnails and
 * "Gestionar multimedia". Title and event date change in place, and so do the answer's words.
 */
export function MemoryItem({ entry, onManageMedia, onUpdated, onDelete, isInConversation = false, renderThumbnails, renderShare }: MemoryItemProps) {
  const Heading = isInConversation ? 'h4' : 'h3'
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const updateEntry = useUpdateEntry()
  const { isEditing, open: openEditor, close: closeEditor, editButtonRef } = useEditInPlace()
  const headingId = useId()
  const formHeadingId = useId()
  const name = memoryName(entry, language)

  async function handleSave(details: MemoryDetails) {
    const updated = await updateEntry.mutateAsync({ id: entry.id, changes: { ...details, language } })
    closeEditor()
    onUpdated(updated)
  }

  async function handleCorrect(answer: string) {
    onUpdated(await updateEntry.mutateAsync({ id: entry.id, changes: { answer, language } }))
  }

  return (
    <article className="memory card" aria-labelledby={headingId} data-testid="memory-item">
      <Heading id={headingId} className={entry.title ? 'memory-title' : 'memory-title memory-title-dated'}>
        {name}
      </Heading>
      {(entry.eventDate || entry.title) && (
        <dl className="memory-dates">
          {entry.eventDate && (
            <div>
              <dt>{t('memories.eventDate')}</dt>
              <dd>
                <span data-stored-date={storedDateText(entry.eventDate)}>{formatStoredDate(entry.eventDate, language)}</span>
              </dd>
            </div>
          )}
          {entry.title && (
            <div>
              <dt>{t('memories.entryDate')}</dt>
              <dd>
                <time dateTime={entry.entryDate}>{formatDateTime(entry.entryDate, language)}</time>
              </dd>
            </div>
          )}
        </dl>
      )}
      <div className="memory-conversation" role="group" aria-label={t('memories.conversation')}>
        <KeptExchangeView exchange={entry} persona={t('chat.persona')} name={name} onCorrect={handleCorrect} />
      </div>
      <div className="memory-media">
        <p className="memory-media-label">{t('memories.media')}</p>
        {entry.mediaAssetIds.length > 0 ? renderThumbnails?.(entry) : <p className="memory-media-none">{t('memories.mediaNone')}</p>}
      </div>
      {renderShare?.(entry)}
      {isEditing ? (
        <section className="memory-edit" aria-labelledby={formHeadingId}>
          <h4 id={formHeadingId} className="memory-edit-heading">
            {t('memories.editHeading', { name })}
          </h4>
          <MemoryDetailsForm entry={entry} labelledBy={formHeadingId} onSubmit={handleSave} onCancel={closeEditor} />
        </section>
      ) : (
        <div className="memory-actions">
          <button ref={editButtonRef} type="button" className="button" aria-label={t('memories.editLabel', { name })} onClick={openEditor}>
            {t('memories.edit')}
          </button>
          {onManageMedia && (
            <button type="button" className="button" aria-haspopup="dialog" aria-label={t('memories.manageMediaLabel', { name })} onClick={() => onManageMedia(entry)}>
              {t('memories.manageMedia')}
            </button>
          )}
          {onDelete && (
            <button type="button" className="button button-danger" aria-haspopup="dialog" aria-label={t('memories.deleteLabel', { name })} onClick={() => onDelete(entry)}>
              {t('memories.delete')}
            </button>
          )}
        </div>
      )}
    </article>
  )
}
