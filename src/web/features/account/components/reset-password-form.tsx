import { zodResolver } from '@hookform/resolvers/zod'
import { useSyncExternalStore } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { resetPasswordSchema } from '../../../../shared/contracts/account.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors } from '../../../components/ui/form-errors.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useResetPassword } from '../api/password-reset-queries.ts'
import { NewPasswordFields, usePasswordVisibility, withConfirmedPassword } from './new-password-fields.tsx'

const formSchema = withConfirmedPassword({ newPassword: resetPasswordSchema.shape.newPassword })

/**
 * The link's token is in the address's fragment (`#token=`), which never reaches a server or a
 * log. Unknown while the page hydrates, so it hydrates as it was pre-rendered.
 */
function useTokenFromLink(): string | null | undefined {
  return useSyncExternalStore(subscribeToHash, tokenInHash, () => undefined)
}

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

const tokenInHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token') || null

/** A new password from a reset link, with the sign-up's rules (ADR 0012); a used or expired link offers to ask again. */
export function ResetPasswordForm() {
  const { t } = useTranslation(['auth', 'errors'])
  const token = useTokenFromLink()
  const reset = useResetPassword()
  const passwords = usePasswordVisibility()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { newPassword: '', confirmPassword: '' } })

  const submit = handleSubmit(
    async ({ newPassword }) => {
      try {
        await reset.mutateAsync({ token: token ?? '', newPassword })
      } catch (error) {
        applyServerFieldErrors(error, ['newPassword'] as const, setError)
      }
    },
    () => reset.reset(),
  )

  const askAgain = (
    <p className="auth-explanation">
      <Link to="/forgot-password">{t('reset.askAgain')}</Link>
    </p>
  )
  if (token === null || (reset.error instanceof ApiError && reset.error.code === 'auth.reset_link_invalid')) {
    return (
      <>
        <ErrorBanner>{token === null ? t('reset.incomplete') : t('reset.invalid')}</ErrorBanner>
        {askAgain}
      </>
    )
  }
  const refusedOnField = errors.newPassword?.type === 'server'
  return (
    <>
      {/* In the page from the start, so that screen readers announce it when it is filled in. */}
      <StatusMessage>{reset.isSuccess ? t('reset.done') : null}</StatusMessage>
      {reset.isSuccess ? (
        <p className="auth-explanation">
          <Link to="/login" className="button button-primary button-block">
            {t('reset.loginLink')}
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="auth-form">
          <ErrorBanner>{reset.isError && !refusedOnField ? errorText(t, reset.error, 'auth:reset.error') : null}</ErrorBanner>
          <NewPasswordFields labels={{ new: t('reset.new'), confirm: t('reset.confirm') }} type={passwords.type} register={register} errors={errors} />
          {passwords.toggle}
          <button type="submit" className="button button-primary button-block" disabled={reset.isPending || token === undefined}>
            {reset.isPending ? t('reset.submitting') : t('reset.submit')}
          </button>
        </form>
      )}
    </>
  )
}
