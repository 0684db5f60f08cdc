import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { createBiographyEntrySchema } from '../../../../shared/contracts/biography.ts'
import { limits, type Language } from '../../../../shared/limits.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { Icon } from '../../../components/ui/icon.tsx'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextAreaField } from '../../../components/ui/text-field.tsx'
import { useCreateEntry } from '../api/biography-queries.ts'
import { failureText } from '../lib/failure-text.ts'
import { memoryDetailsSchema } from './memory-details-form.tsx'
import { MemoryTitleDateFields } from './memory-title-date-fields.tsx'
import './memory-list.css'

/** Files are added afterwards, from the memory's "Gestionar multimedia"; the date is read by the server. */
const manualMemorySchema = (language: Language) => memoryDetailsSchema(language).extend({ content: createBiographyEntrySchema.shape.content })
type ManualMemory = z.output<ReturnType<typeof manualMemorySchema>>

const emptyValues = { title: '', eventDate: '', content: '' }

/**
 * A memory written by hand, without the chat, behind a button so the chat stays the way in:
 * what happened (required), and optionally a title and when it happened.
 */
export function NewMemory() {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const createEntry = useCreateEntry()
  const [isOpen, setIsOpen] = useState(false)
  const [saveError, setSaveError] = useState<unknown>()
  const [announcement, setAnnouncement] = useState('')
  const openButtonRef = useRef<HTMLButtonElement>(null)
  const shouldRefocus = useRef(false)
  const formId = useId()
  const headingId = useId()
  const form = useForm({ resolver: zodResolver(manualMemorySchema(language)), defaultValues: emptyValues })
  const { register, handleSubmit, reset, setError, setFocus } = form
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (isOpen) {
      setFocus('content')
      return
    }
    if (!shouldRefocus.current) return
    shouldRefocus.current = false
    openButtonRef.current?.focus()
  }, [isOpen, setFocus])

  function close() {
    shouldRefocus.current = true
    setSaveError(undefined)
    reset(emptyValues)
    setIsOpen(false)
  }

  async function save(values: ManualMemory) {
    setSaveError(undefined)
    try {
      await createEntry.mutateAsync({ ...values, language })
      close()
      setAnnouncement(t('manual.saved'))
    } catch (error) {
      setSaveError(error)
      applyServerFieldErrors(error, ['content', 'title', 'eventDate'] as const, setError)
    }
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    if (isSubmitting) {
      event.preventDefault()
      return
    }
    void handleSubmit(save, () => setSaveError(undefined))(event)
  }

  return (
    <div className="new-memory">
      <button
        ref={openButtonRef}
        type="button"
        className="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? formId : undefined}
        onClick={() => {
          setAnnouncement('')
          if (isOpen) close()
          else setIsOpen(true)
        }}
      >
        <Icon name="pencil" /> {t('manual.open')}
      </button>
      {isOpen && (
        <section id={formId} className="card new-memory-card" aria-labelledby={headingId}>
          <h3 id={headingId}>{t('manual.heading')}</h3>
          <form noValidate aria-labelledby={headingId} aria-busy={isSubmitting} onSubmit={handleFormSubmit}>
            <TextAreaField
              label={t('manual.content')}
              hint={t('manual.contentHint')}
              rows={6}
              required
              maxLength={limits.biographyMessageMaxLength}
              error={fieldMessageText(t, errors.content?.message)}
              {...register('content')}
            />
            <MemoryTitleDateFields
              title={register('title')}
              eventDate={register('eventDate')}
              titleError={fieldMessageText(t, errors.title?.message)}
              eventDateError={fieldMessageText(t, errors.eventDate?.message)}
            />
            {saveError !== undefined && <ErrorBanner>{failureText(t, saveError, 'manual.saveFailed')}</ErrorBanner>}
            <FormActions
              className="memory-actions"
              isSubmitting={isSubmitting}
              submitLabel={t('manual.save')}
              submittingLabel={t('manual.saving')}
              cancelLabel={t('manual.cancel')}
              onCancel={close}
            />
          </form>
        </section>
      )}
      <StatusMessage>{announcement}</StatusMessage>
    </div>
  )
}
