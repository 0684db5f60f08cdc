import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { createContactMessageSchema } from '../../../../shared/contracts/contact.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx'
import { useSendContactMessage } from '../api/contact-queries.ts'

const emptyMessage = { name: '', email: '', message: '' }

/** The contact form (docs/product.md#contact): on success it thanks and clears; on failure it keeps what was typed. */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'errors'])
  const send = useSendContactMessage()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(createContactMessageSchema), defaultValues: emptyMessage })

  const submit = handleSubmit(
    async (values) => {
      try {
        await send.mutateAsync(values)
      } catch (error) {
        applyServerFieldErrors(error, ['name', 'email', 'message'] as const, setError)
        return
      }
      reset(emptyMessage)
    },
    () => send.reset(),
  )

  const message = (text: string | undefined) => fieldMessageText(t, text)
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="contact-form">
      <StatusMessage>{send.isSuccess ? t('success') : null}</StatusMessage>
      <ErrorBanner>{send.isError ? t('error') : null}</ErrorBanner>
      <TextField label={t('name')} autoComplete="name" required error={message(errors.name?.message)} {...register('name')} />
      <TextField label={t('email')} type="email" inputMode="email" autoComplete="email" required error={message(errors.email?.message)} {...register('email')} />
      <TextAreaField label={t('message')} rows={6} required error={message(errors.message?.message)} {...register('message')} />
      <button type="submit" className="button button-primary" disabled={send.isPending}>
        {send.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  )
}
