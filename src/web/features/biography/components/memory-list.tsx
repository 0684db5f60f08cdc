import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import { conversationTitle, groupByConversation } from '../../../../shared/chat/conversations.ts'
import { ConversationHeading } from '../../../components/chat/conversation-heading.tsx'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { foundItemId, foundItemProps, useFoundItem } from '../../../lib/use-found-item.ts'
import { useBiographyEntries, useDeleteEntry, useRefreshEntries, useRenameConversation } from '../api/biography-queries.ts'
import { failureText } from '../lib/failure-text.ts'
import { memoryName } from '../lib/memory-name.ts'
import { MemoryItem } from './memory-item.tsx'
import { MemoryMediaDialog } from './memory-media-dialog.tsx'
import type { MemoryMediaSlot, MemoryShareSlot, MemoryThumbnailsSlot } from './slots.ts'
import './memory-list.css'

interface MemoryListProps {
  /** The signed-in person's id: only a memory's author may add or delete its files. */
  currentUserId?: string
  /** Each memory's gallery and uploader (the media feature); without it there is no "Gestionar multimedia". */
  renderMedia?: MemoryMediaSlot
  /** Each memory's files as thumbnails (the media feature). */
  renderThumbnails?: MemoryThumbnailsSlot
  /** Each memory's «Compartir con la familia» (the family tree), for the memories the person wrote. */
  renderShare?: MemoryShareSlot
  /** Shown above the list, e.g. the form to write a memory by hand. */
  children?: ReactNode
}

/**
 * The saved memories (docs/product.md#biography), by conversation: the newest conversation first,
 * each read in the order it was told, under its title; a memory written by hand stands alone.
 * With their loading, failure and empty states.
 */
export function MemoryList({ currentUserId, renderMedia, renderThumbnails, renderShare, children }: MemoryListProps) {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const entries = useBiographyEntries()
  const found = useFoundItem(entries.data !== undefined)
  const refreshEntries = useRefreshEntries()
  const [mediaEntryId, setMediaEntryId] = useState<string>()
  const [announcement, setAnnouncement] = useState('')
  const deleteEntry = useDeleteEntry()
  const renameConversation = useRenameConversation()
  const [entryToDelete, setEntryToDelete] = useState<BiographyEntry>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const deletedId = useRef<string>(undefined)
  const headingId = useId()
  // The dialog follows the cached memory, so its title changes with an edit.
  const mediaEntry = entries.data?.find((entry) => entry.id === mediaEntryId)

  // The deleted memory's buttons are gone, so focus lands on the list heading; only once both the
  // dialog has closed (it gives focus back first) and the memory has left the list.
  useEffect(() => {
    if (!deletedId.current || entryToDelete || entries.data?.some((entry) => entry.id === deletedId.current)) return
    deletedId.current = undefined
    headingRef.current?.focus()
  }, [entryToDelete, entries.data])

  function handleDeleteRequest(entry: BiographyEntry) {
    deleteEntry.reset()
    setEntryToDelete(entry)
  }

  function handleDeleteCancel() {
    setEntryToDelete(undefined)
    deleteEntry.reset()
  }

  function handleDeleteConfirm() {
    if (!entryToDelete) return
    const name = memoryName(entryToDelete, language)
    deleteEntry.mutate(entryToDelete.id, {
      onSuccess: (_nothing, id) => {
        deletedId.current = id
        setEntryToDelete(undefined)
        setAnnouncement(t('deleteMemory.done', { name }))
      },
    })
  }

  function deleteDescription(entry: BiographyEntry): string {
    const name = memoryName(entry, language)
    const count = entry.mediaAssetIds.length
    return count > 0 ? t('deleteMemory.descriptionWithFiles', { name, count }) : t('deleteMemory.description', { name })
  }

  const item = (entry: BiographyEntry) => (
    <MemoryItem
      entry={entry}
      isInConversation={entry.conversation !== null}
      onManageMedia={renderMedia ? (chosen: BiographyEntry) => setMediaEntryId(chosen.id) : undefined}
      renderThumbnails={renderThumbnails}
      renderShare={currentUserId === entry.authorUserId ? renderShare : undefined}
      onUpdated={(updated) => setAnnouncement(t('memories.updated', { name: memoryName(updated, language) }))}
      onDelete={currentUserId === entry.authorUserId ? handleDeleteRequest : undefined}
    />
  )

  let content: ReactNode
  if (entries.data && entries.data.length > 0) {
    content = (
      <ol className="memory-list" data-testid="memory-list">
        {groupByConversation(entries.data).map(({ conversation, exchanges }) => {
          if (!conversation)
            return (
              <li key={exchanges[0]!.id} {...foundItemProps(foundItemId('memory', exchanges[0]!.id), found)}>
                {item(exchanges[0]!)}
              </li>
            )
          const told = [...exchanges].reverse()
          const headingId = `conversation-${conversation.id}`
          return (
            <li key={conversation.id}>
              <section className="memory-conversation-group card" aria-labelledby={headingId} data-testid="memory-conversation">
                <ConversationHeading
                  id={headingId}
                  conversation={conversation}
                  exchanges={told}
                  language={language}
                  onRename={async (title) => {
                    const renamed = await renameConversation.mutateAsync({ id: conversation.id, title })
                    setAnnouncement(t('memories.conversationRenamed', { title: conversationTitle(renamed, told, language) }))
                  }}
                />
                <ol className="memory-conversation-list">
                  {told.map((entry) => (
                    <li key={entry.id} {...foundItemProps(foundItemId('memory', entry.id), found)}>
                      {item(entry)}
                    </li>
                  ))}
                </ol>
              </section>
            </li>
          )
        })}
      </ol>
    )
  } else if (entries.data) {
    content = (
      <div className="memory-list-empty">
        <p className="memory-list-empty-title">{t('memories.emptyTitle')}</p>
        <p>{t('memories.empty')}</p>
      </div>
    )
  } else if (entries.isError) {
    content = (
      <ErrorBanner>
        <p className="memory-list-error">{failureText(t, entries.error, 'memories.loadFailed')}</p>
        <button type="button" className="button" aria-disabled={entries.isFetching} onClick={() => void entries.refetch()}>
          {entries.isFetching ? t('memories.retrying') : t('memories.retry')}
        </button>
      </ErrorBanner>
    )
  } else {
    content = (
      <p className="memory-list-loading" role="status">
        {t('memories.loading')}
      </p>
    )
  }

  return (
    <section className="memory-list-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('memories.heading')}
      </h2>
      {children}
      <StatusMessage>{announcement}</StatusMessage>
      {content}
      {renderMedia && (
        <MemoryMediaDialog
          entry={mediaEntry}
          currentUserId={currentUserId}
          renderMedia={renderMedia}
          onChanged={() => void refreshEntries()}
          onClose={() => setMediaEntryId(undefined)}
        />
      )}
      <ConfirmDialog
        open={entryToDelete !== undefined}
        title={t('deleteMemory.title')}
        description={entryToDelete && <p>{deleteDescription(entryToDelete)}</p>}
        confirmLabel={t('deleteMemory.confirm')}
        cancelLabel={t('deleteMemory.cancel')}
        pendingLabel={t('deleteMemory.pending')}
        pending={deleteEntry.isPending}
        error={deleteEntry.isError ? failureText(t, deleteEntry.error, 'deleteMemory.failed') : undefined}
        onConfirm={handleDeleteConfirm}
        onCancel={handleDeleteCancel}
      />
    </section>
  )
}
