import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { usePasswordResetDelivery, useRequestPasswordReset } from '../api/password-reset-queries.ts'

/**
 * What to do about a forgotten password (docs/product.md#forgotten-password): with mail, the
 * e-mail to send a link to; without, whom to ask for one. Nothing here says whether an e-mail has
 * an account: every request that the server takes gets the same answer.
 */
export function ForgotPassword() {
  const { t } = useTranslation(['auth', 'errors'])
  const delivery = usePasswordResetDelivery()
  const request = useRequestPasswordReset()
  const [emailError, setEmailError] = useState<string>()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    setEmailError(email ? undefined : t('errors:validation.required'))
    if (!email) return request.reset()
    try {
      await request.mutateAsync({ email })
    } catch (error) {
      const isEmailRefused = error instanceof ApiError && error.fieldCode('email') !== undefined
      if (isEmailRefused) setEmailError(t('errors:validation.invalid_email'))
    }
  }

  if (delivery.data === 'operator') {
    return (
      <div className="auth-explanation">
        <p>{t('forgot.byOperator')}</p>
        <p>{t('forgot.linkLifetime')}</p>
      </div>
    )
  }
  if (delivery.isError) return <ErrorBanner>{errorText(t, delivery.error, 'auth:forgot.error')}</ErrorBanner>
  if (delivery.data !== 'email') return null
  const isEmailRefused = request.error instanceof ApiError && request.error.fieldCode('email') !== undefined
  return (
    <>
      <p>{t('forgot.byEmail')}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="auth-form">
        <ErrorBanner>{request.isError && !isEmailRefused ? errorText(t, request.error, 'auth:forgot.error') : null}</ErrorBanner>
        <StatusMessage>{request.isSuccess ? `${t('forgot.sent')} ${t('forgot.linkLifetime')}` : null}</StatusMessage>
        <TextField label={t('forgot.email')} name="email" type="email" autoComplete="email" inputMode="email" required defaultValue="" error={emailError} />
        <button type="submit" className="button button-primary button-block" disabled={request.isPending}>
          {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
    </>
  )
}
