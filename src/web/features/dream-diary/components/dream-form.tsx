import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { createDreamSchema } from '../../../../shared/contracts/dream-diary.ts'
import { limits } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx'
import { failureText } from '../lib/failure-text.ts'
import './dream-form.css'

/** The checked form: trimmed text, and `null` for "no date". */
export type DreamFields = z.output<typeof createDreamSchema>

export interface DreamFormValues {
  title: string
  content: string
  /** `YYYY-MM-DD`, or '' when the field is empty. */
  dreamDate: string
}

const emptyValues: DreamFormValues = { title: '', content: '', dreamDate: '' }
const fieldNames = ['title', 'dreamDate', 'content'] as const

interface DreamFormProps {
  /** Saves the checked values. A rejection keeps everything typed and shows why it failed. */
  onSubmit: (values: DreamFields) => Promise<unknown>
  submitLabel: string
  initialValues?: DreamFormValues
  onCancel?: () => void
  /** Empty the fields once saved (a new dream), instead of leaving them as they are (an edit). */
  clearOnSuccess?: boolean
  /** Put the cursor in the first field on mount, for a form that opens in place. */
  focusOnMount?: boolean
  /** Id of the heading that names the form. */
  labelledBy?: string
}

/** Title, date and description of a dream, checked with the same schema the server uses. */
export function DreamForm(props: DreamFormProps) {
  const { onSubmit, submitLabel, initialValues = emptyValues, onCancel, clearOnSuccess, focusOnMount } = props
  const { t } = useTranslation('dreams')
  const [saveError, setSaveError] = useState<unknown>()
  const form = useForm({ resolver: zodResolver(createDreamSchema), defaultValues: initialValues })
  const { register, handleSubmit, reset, setError, setFocus } = form
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (focusOnMount) setFocus('title')
  }, [focusOnMount, setFocus])

  async function save(values: DreamFields) {
    setSaveError(undefined)
    try {
      await onSubmit(values)
      if (clearOnSuccess) reset(emptyValues)
    } catch (error) {
      setSaveError(error)
      applyServerFieldErrors(error, fieldNames, setError)
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
    <form className="dream-form" noValidate aria-labelledby={props.labelledBy} aria-busy={isSubmitting} onSubmit={handleFormSubmit}>
      <TextField
        label={t('form.title')}
        optional
        hint={t('form.titleHint')}
        maxLength={limits.dreamTitleMaxLength}
        error={fieldMessageText(t, errors.title?.message)}
        {...register('title')}
      />
      <TextField
        type="date"
        className="dream-form-date"
        label={t('form.dreamDate')}
        optional
        hint={t('form.dreamDateHint')}
        error={fieldMessageText(t, errors.dreamDate?.message)}
        {...register('dreamDate')}
      />
      <TextAreaField
        label={t('form.content')}
        hint={t('form.contentHint')}
        rows={6}
        required
        maxLength={limits.dreamContentMaxLength}
        error={fieldMessageText(t, errors.content?.message)}
        {...register('content')}
      />
      {saveError !== undefined && <ErrorBanner>{failureText(t, saveError, 'form.saveFailed')}</ErrorBanner>}
      <FormActions
        className="dream-form-actions"
        isSubmitting={isSubmitting}
        submitLabel={submitLabel}
        submittingLabel={t('form.saving')}
        cancelLabel={t('form.cancel')}
        onCancel={onCancel}
      />
    </form>
  )
}
