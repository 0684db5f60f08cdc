import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import { optionalSingleLineText, writtenGenealogyDateIn } from '../../../../shared/contracts/common.ts'
import { formatStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { limits, type Language } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { failureText } from '../lib/failure-text.ts'
import { MemoryTitleDateFields } from './memory-title-date-fields.tsx'

/** The date as the person knows it, checked in the page's language like the tree's dates (and read again by the server). */
export function memoryDetailsSchema(language: Language) {
  return z.object({
    title: optionalSingleLineText(limits.biographyTitleMaxLength),
    eventDate: writtenGenealogyDateIn(language),
  })
}
export type MemoryDetails = z.output<ReturnType<typeof memoryDetailsSchema>>

interface MemoryDetailsFormProps {
  entry: BiographyEntry
  onSubmit: (details: MemoryDetails) => Promise<unknown>
  onCancel: () => void
  labelledBy: string
}

/** A memory's title and event date, changed in place; the same rules as the server. */
export function MemoryDetailsForm({ entry, onSubmit, onCancel, labelledBy }: MemoryDetailsFormProps) {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const [saveError, setSaveError] = useState<unknown>()
  const form = useForm({ resolver: zodResolver(memoryDetailsSchema(language)), defaultValues: { title: entry.title, eventDate: formatStoredDate(entry.eventDate, language) } })
  const { register, handleSubmit, setError, setFocus } = form
  const { errors, isSubmitting } = form.formState

  useEffect(() => setFocus('title'), [setFocus])

  async function save(details: MemoryDetails) {
    setSaveError(undefined)
    try {
      await onSubmit(details)
    } catch (error) {
      setSaveError(error)
      applyServerFieldErrors(error, ['title', 'eventDate'] as const, setError)
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
    <form className="memory-details-form" noValidate aria-labelledby={labelledBy} aria-busy={isSubmitting} onSubmit={handleFormSubmit}>
      <MemoryTitleDateFields
        title={register('title')}
        eventDate={register('eventDate')}
        titleError={fieldMessageText(t, errors.title?.message)}
        eventDateError={fieldMessageText(t, errors.eventDate?.message)}
      />
      {saveError !== undefined && <ErrorBanner>{failureText(t, saveError, 'memories.saveFailed')}</ErrorBanner>}
      <FormActions
        className="memory-actions"
        isSubmitting={isSubmitting}
        submitLabel={t('memories.saveChanges')}
        submittingLabel={t('memories.saving')}
        cancelLabel={t('memories.cancel')}
        onCancel={onCancel}
      />
    </form>
  )
}
