import { zodResolver } from '@hookform/resolvers/zod'
import type { TFunction } from 'i18next'
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { updateMediaSchema } from '../../../../shared/contracts/media.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'

type CaptionFields = z.output<typeof updateMediaSchema>

interface MediaCaptionFormProps {
  caption: string
  /** The file's name, so the form says which file it describes. */
  fileName: string
  /** Saves the trimmed caption ('' removes it). A rejection keeps what was typed and shows why. */
  onSubmit: (caption: string) => Promise<unknown>
  onCancel: () => void
}

/** A file's caption changed in place: Enter saves, Escape cancels; the same rules as the server. */
export function MediaCaptionForm({ caption, fileName, onSubmit, onCancel }: MediaCaptionFormProps) {
  const { t } = useTranslation('media')
  const [saveError, setSaveError] = useState<unknown>()
  const form = useForm({ resolver: zodResolver(updateMediaSchema), defaultValues: { caption } })
  const { register, handleSubmit, setError, setFocus } = form
  const { errors, isSubmitting } = form.formState

  useEffect(() => setFocus('caption'), [setFocus])

  async function save(values: CaptionFields) {
    setSaveError(undefined)
    try {
      await onSubmit(values.caption)
    } catch (error) {
      setSaveError(error)
      applyServerFieldErrors(error, ['caption'] as const, setError)
    }
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    if (isSubmitting) {
      event.preventDefault()
      return
    }
    void handleSubmit(save, () => setSaveError(undefined))(event)
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape') return
    // Escape closes this form, not the dialog the gallery may sit in (which checks defaultPrevented).
    event.preventDefault()
    if (!isSubmitting) onCancel()
  }

  return (
    // Escape is a shortcut for the Cancel button, which stays available to every user.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className="media-caption-form"
      noValidate
      aria-label={t('caption.formLabel', { name: fileName })}
      aria-busy={isSubmitting}
      onSubmit={handleFormSubmit}
      onKeyDown={handleKeyDown}
    >
      {/* No maxLength: the browser would cut a long pasted text silently; the error says why instead. */}
      <TextField label={t('uploader.caption')} hint={t('uploader.captionHint')} autoComplete="off" error={fieldMessageText(t, errors.caption?.message)} {...register('caption')} />
      {saveError !== undefined && <ErrorBanner>{saveFailureText(t, saveError)}</ErrorBanner>}
      <FormActions
        className="media-caption-actions"
        isSubmitting={isSubmitting}
        submitLabel={t('caption.save')}
        submittingLabel={t('caption.saving')}
        cancelLabel={t('caption.cancel')}
        onCancel={onCancel}
      />
    </form>
  )
}

/** "Could not save the caption.", followed by the server's reason when it gave a telling one. */
function saveFailureText(t: TFunction<'media'>, error: unknown): string {
  const sentence = t('caption.saveFailed')
  if (!(error instanceof ApiError) || error.code === 'internal') return sentence
  return `${sentence} ${errorText(t as TFunction, error)}`
}
