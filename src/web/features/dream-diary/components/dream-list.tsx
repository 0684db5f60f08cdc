import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { useDeleteDream, useDreams } from '../api/dream-queries.ts'
import { dreamName } from '../lib/dream-name.ts'
import { failureText } from '../lib/failure-text.ts'
import { DreamItem } from './dream-item.tsx'
import './dream-list.css'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { foundItemId, foundItemProps, useFoundItem } from '../../../lib/use-found-item.ts'

/** The diary, newest dream first, with its loading, failure and empty states. */
export function DreamList() {
  const { t, i18n } = useTranslation('dreams')
  const language = uiLanguageOf(i18n)
  const dreams = useDreams()
  const deleteDream = useDeleteDream()
  const [dreamToDelete, setDreamToDelete] = useState<Dream>()
  const [announcement, setAnnouncement] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const deletedId = useRef<string>(undefined)
  const headingId = useId()
  const found = useFoundItem(dreams.data !== undefined)

  // The deleted dream's buttons are gone, so focus lands on the list heading; only once both the
  // dialog has closed (it gives focus back first) and the dream has left the list.
  useEffect(() => {
    if (!deletedId.current || dreamToDelete || dreams.data?.some((dream) => dream.id === deletedId.current)) return
    deletedId.current = undefined
    headingRef.current?.focus()
  }, [dreamToDelete, dreams.data])

  function handleDeleteRequest(dream: Dream) {
    deleteDream.reset()
    setDreamToDelete(dream)
  }

  function handleDeleteCancel() {
    setDreamToDelete(undefined)
    deleteDream.reset()
  }

  function handleUpdated(dream: Dream) {
    setAnnouncement(t('item.updated', { name: dreamName(t, dream, language) }))
  }

  function handleDeleteConfirm() {
    if (!dreamToDelete) return
    const name = dreamName(t, dreamToDelete, language)
    deleteDream.mutate(dreamToDelete.id, {
      onSuccess: (_nothing, id) => {
        deletedId.current = id
        setDreamToDelete(undefined)
        setAnnouncement(t('delete.done', { name }))
      },
    })
  }

  let content: ReactNode
  if (dreams.data && dreams.data.length > 0) {
    content = (
      <ol className="dream-list">
        {dreams.data.map((dream) => (
          <li key={dream.id} {...foundItemProps(foundItemId('dream', dream.id), found)}>
            <DreamItem dream={dream} onDelete={handleDeleteRequest} onUpdated={handleUpdated} />
          </li>
        ))}
      </ol>
    )
  } else if (dreams.data) {
    content = (
      <div className="dream-list-empty">
        <p className="dream-list-empty-title">{t('list.emptyTitle')}</p>
        <p>{t('list.empty')}</p>
      </div>
    )
  } else if (dreams.isError) {
    content = (
      <ErrorBanner>
        <p className="dream-list-error">{failureText(t, dreams.error, 'list.loadFailed')}</p>
        <button type="button" className="button" aria-disabled={dreams.isFetching} onClick={() => void dreams.refetch()}>
          {dreams.isFetching ? t('list.retrying') : t('list.retry')}
        </button>
      </ErrorBanner>
    )
  } else {
    content = (
      <p className="dream-list-loading" role="status">
        {t('list.loading')}
      </p>
    )
  }

  return (
    <section className="dream-list-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('list.heading')}
      </h2>
      <StatusMessage>{announcement}</StatusMessage>
      {content}
      <ConfirmDialog
        open={dreamToDelete !== undefined}
        title={t('delete.title')}
        description={dreamToDelete && <p>{t('delete.description', { name: dreamName(t, dreamToDelete, language) })}</p>}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        pendingLabel={t('delete.pending')}
        pending={deleteDream.isPending}
        error={deleteDream.isError ? failureText(t, deleteDream.error, 'delete.failed') : undefined}
        onConfirm={handleDeleteConfirm}
        onCancel={handleDeleteCancel}
      />
    </section>
  )
}
