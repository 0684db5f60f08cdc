import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { useEditInPlace } from '../../../components/ui/use-edit-in-place.ts'
import { useUpdateDream } from '../api/dream-queries.ts'
import { dreamName } from '../lib/dream-name.ts'
import { formatCalendarDate, formatDateTime } from '../../../lib/format-dates.ts'
import { DreamForm, type DreamFields } from './dream-form.tsx'
import './dream-item.css'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

interface DreamItemProps {
  dream: Dream
  onDelete: (dream: Dream) => void
  onUpdated: (dream: Dream) => void
}

/** One dream as written down, with its edit-in-place form. */
export function DreamItem({ dream, onDelete, onUpdated }: DreamItemProps) {
  const { t, i18n } = useTranslation('dreams')
  const language = uiLanguageOf(i18n)
  const updateDream = useUpdateDream()
  const { isEditing, open: openEditor, close: closeEditor, editButtonRef } = useEditInPlace()
  const headingId = useId()
  const name = dreamName(t, dream, language)

  async function handleSave(changes: DreamFields) {
    const updated = await updateDream.mutateAsync({ id: dream.id, changes })
    closeEditor()
    onUpdated(updated)
  }

  if (isEditing) {
    return (
      <article className="dream card" aria-labelledby={headingId}>
        <h3 id={headingId} className="dream-title">
          {t('item.editHeading', { name })}
        </h3>
        <DreamForm
          labelledBy={headingId}
          initialValues={{ title: dream.title, content: dream.content, dreamDate: dream.dreamDate ?? '' }}
          submitLabel={t('item.saveChanges')}
          onSubmit={handleSave}
          onCancel={closeEditor}
          focusOnMount
        />
      </article>
    )
  }

  return (
    <article className="dream card" aria-labelledby={headingId}>
      <h3 id={headingId} className={dream.title ? 'dream-title' : 'dream-title dream-title-untitled'}>
        {dream.title || t('item.untitled')}
      </h3>
      <dl className="dream-dates">
        {dream.dreamDate && (
          <div>
            <dt>{t('item.dreamDate')}</dt>
            <dd>
              <time dateTime={dream.dreamDate}>{formatCalendarDate(dream.dreamDate, language)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('item.entryDate')}</dt>
          <dd>
            <time dateTime={dream.entryDate}>{formatDateTime(dream.entryDate, language)}</time>
          </dd>
        </div>
      </dl>
      <p className="dream-content">{dream.content}</p>
      <div className="dream-actions">
        <button ref={editButtonRef} type="button" className="button" aria-label={t('item.editLabel', { name })} onClick={openEditor}>
          {t('item.edit')}
        </button>
        <button type="button" className="button button-danger" aria-label={t('item.deleteLabel', { name })} onClick={() => onDelete(dream)}>
          {t('item.delete')}
        </button>
      </div>
    </article>
  )
}
