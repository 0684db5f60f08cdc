import type { TFunction } from 'i18next'
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AiLabMemory } from '../../../../shared/contracts/ai-lab.ts'
import { ListenButton } from '../../../components/chat/listen-button.tsx'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useDeleteLabMemory, useLabMemories } from '../api/ai-lab-queries.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

interface LabMemoryListProps {
  /** «Compartir con la familia» under each memory (the family tree's control, handed in by the page). */
  renderShare?: (memory: AiLabMemory, name: string) => ReactNode
}

/** The memories kept in the lab, newest first: the original and its variation side by side. */
export function LabMemoryList({ renderShare }: LabMemoryListProps = {}) {
  const { t, i18n } = useTranslation('ai-lab')
  const language = uiLanguageOf(i18n)
  const memories = useLabMemories()
  const remove = useDeleteLabMemory()
  const [toDelete, setToDelete] = useState<AiLabMemory>()
  const [deleted, setDeleted] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)

  function confirmDelete() {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(undefined)
        setDeleted(true)
        // The deleted memory's button is gone: the list's heading takes the focus.
        setTimeout(() => headingRef.current?.focus())
      },
    })
  }

  let content
  if (!memories.data) {
    content = memories.isError ? (
      <ErrorBanner>
        <p>{t('saved.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void memories.refetch()}>
          {t('saved.retry')}
        </button>
      </ErrorBanner>
    ) : (
      <p className="lab-waiting">{t('saved.loading')}</p>
    )
  } else if (memories.data.length === 0) {
    content = <p className="lab-empty">{t('saved.empty')}</p>
  } else {
    content = (
      <ul className="lab-memory-list">
        {memories.data.map((memory) => {
          const date = formatDateTime(memory.timestamp, language)
          return (
            <li key={memory.id} className="lab-memory">
              <p className="lab-memory-date">
                <time dateTime={memory.timestamp}>{t('saved.savedOn', { date })}</time>
              </p>
              <div className={memory.aiVariationText ? 'lab-memory-pair' : 'lab-memory-single'}>
                <section aria-label={t('saved.original')}>
                  <h4>{t('saved.original')}</h4>
                  <p className="lab-memory-text">{memory.originalText}</p>
                </section>
                {memory.aiVariationText ? (
                  <section aria-label={t('saved.variation')}>
                    <h4>{t('saved.variation')}</h4>
                    <p className="lab-memory-text">{memory.aiVariationText}</p>
                    <ListenButton text={memory.aiVariationText} language={language} what={`${t('saved.variation')}, ${t('saved.savedOn', { date })}`} />
                  </section>
                ) : (
                  <p className="lab-note">{t('saved.keptAsTold')}</p>
                )}
              </div>
              {renderShare?.(memory, t('saved.savedOn', { date }))}
              <button
                type="button"
                className="button button-danger lab-memory-delete"
                aria-label={t('saved.deleteLabel', { date })}
                onClick={() => {
                  remove.reset()
                  setDeleted(false)
                  setToDelete(memory)
                }}
              >
                {t('saved.delete')}
              </button>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <section className="lab-saved" aria-labelledby="lab-saved-title">
      <h3 id="lab-saved-title" ref={headingRef} tabIndex={-1}>
        {t('saved.title')}
      </h3>
      <StatusMessage>{deleted ? t('saved.deleted') : undefined}</StatusMessage>
      {content}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('saved.deleteTitle')}
        description={t('saved.deleteDescription')}
        confirmLabel={t('saved.delete')}
        cancelLabel={t('saved.cancel')}
        pendingLabel={t('saved.deleting')}
        pending={remove.isPending}
        error={remove.isError ? deleteFailedText(t, remove.error) : undefined}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(undefined)}
      />
    </section>
  )
}

/** The sentence, then the server's reason when it says more than a plain failure (offline, signed out). */
function deleteFailedText(t: TFunction<'ai-lab'>, error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'internal') return t('saved.deleteFailed')
  return `${t('saved.deleteFailed')} ${errorText(t as TFunction, error)}`
}
