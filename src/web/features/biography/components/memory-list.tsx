import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { useBiographyEntries, useRefreshEntries } from '../api/biography-queries.ts'
import { failureText } from '../lib/failure-text.ts'
import { memoryName } from '../lib/memory-name.ts'
import { useUiLanguage } from '../lib/ui-language.ts'
import { MemoryItem } from './memory-item.tsx'
import { MemoryMediaDialog } from './memory-media-dialog.tsx'
import type { MemoryMediaSlot } from './slots.ts'
import './memory-list.css'

interface MemoryListProps {
  /** The signed-in person's id: only a memory's author may add or delete its files. */
  currentUserId?: string
  /** Each memory's gallery and uploader (the media feature); without it there is no "Gestionar multimedia". */
  renderMedia?: MemoryMediaSlot
  /** Shown above the list, e.g. the form to write a memory by hand. */
  children?: ReactNode
}

/** The saved memories, newest first, with their loading, failure and empty states (spec §2). */
export function MemoryList({ currentUserId, renderMedia, children }: MemoryListProps) {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const entries = useBiographyEntries()
  const refreshEntries = useRefreshEntries()
  const [mediaEntryId, setMediaEntryId] = useState<string>()
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  // The dialog follows the cached memory, so its title changes with an edit.
  const mediaEntry = entries.data?.find((entry) => entry.id === mediaEntryId)

  let content: ReactNode
  if (entries.data && entries.data.length > 0) {
    content = (
      <ol className="memory-list" data-testid="memory-list">
        {entries.data.map((entry) => (
          <li key={entry.id}>
            <MemoryItem
              entry={entry}
              onManageMedia={renderMedia ? (chosen: BiographyEntry) => setMediaEntryId(chosen.id) : undefined}
              onUpdated={(updated) => setAnnouncement(t('memories.updated', { name: memoryName(updated, language) }))}
            />
          </li>
        ))}
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
      <h2 id={headingId}>{t('memories.heading')}</h2>
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
    </section>
  )
}
