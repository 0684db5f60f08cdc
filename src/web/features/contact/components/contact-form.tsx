import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx'
import { usePageForm } from '../../../components/ui/use-page-form.ts'
import { outcomeFieldProps } from '../../../lib/form-outcome.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useSendContactMessage } from '../api/contact-queries.ts'

const loadContactCheck = async () => (await import('../lib/contact-check.ts')).checkContactMessage
const fields = ['name', 'email', 'message'] as const

/**
 * The contact form (docs/product.md#contact): on success it thanks and clears; on failure it keeps what was typed.
 * A plain form whose check loads when it is first touched; before the scripts have arrived (or
 * without them) the browser posts it to /contact, which the server answers alike.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation(['contact', 'errors'])
  const send = useSendContactMessage()
  const { errors, outcome, posted, submit, formProps } = usePageForm('contact', loadContactCheck, fields)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const sent = await submit(
      event,
      ({ name, email, message }) => send.mutateAsync({ name, email, message }),
      () => send.reset(),
    )
    // Cleared rather than reset: a page answering a refused post holds what was typed as the fields' defaults.
    if (!sent) return
    for (const field of fields) {
      const control = form.elements.namedItem(field)
      if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = ''
    }
  }

  const wasSent = send.isSuccess || (posted?.sent ?? false)
  const failure = send.isError ? t('error') : (posted?.message ?? null)
  return (
    <form {...formProps} onSubmit={(event) => void handleSubmit(event)} className="contact-form">
      <StatusMessage>{wasSent ? t('success') : null}</StatusMessage>
      <ErrorBanner>{failure}</ErrorBanner>
      <input type="hidden" name="lng" value={uiLanguageOf(i18n)} />
      <TextField label={t('name')} name="name" autoComplete="name" required {...outcomeFieldProps(outcome, 'name')} error={fieldMessageText(t, errors.name)} />
      <TextField
        label={t('email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...outcomeFieldProps(outcome, 'email')}
        error={fieldMessageText(t, errors.email)}
      />
      <TextAreaField label={t('message')} name="message" rows={6} required {...outcomeFieldProps(outcome, 'message')} error={fieldMessageText(t, errors.message)} />
      <button type="submit" className="button button-primary" disabled={send.isPending}>
        {send.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  )
}
