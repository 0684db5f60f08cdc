import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { changePasswordSchema } from '../../../../shared/contracts/account.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useChangePassword } from '../api/account-queries.ts'

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], error: 'auth:signup.passwordMismatch' })

/**
 * The current password, then the new one twice. Every other device is signed out by the change;
 * this one stays signed in, which the success message says so nobody wonders about the others.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['auth', 'errors'])
  const change = useChangePassword()
  const [showPasswords, setShowPasswords] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } })

  const submit = handleSubmit(
    async ({ currentPassword, newPassword }) => {
      try {
        await change.mutateAsync({ currentPassword, newPassword })
      } catch (error) {
        applyServerFieldErrors(error, ['currentPassword', 'newPassword'] as const, setError)
        return
      }
      // No password stays in the page once it has done its work.
      reset()
    },
    () => change.reset(),
  )

  const refusedOnField = errors.currentPassword?.type === 'server' || errors.newPassword?.type === 'server'
  const message = (text: string | undefined) => fieldMessageText(t, text)
  const type = showPasswords ? 'text' : 'password'
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="account-form">
      <ErrorBanner>{change.isError && !refusedOnField ? errorText(t, change.error, 'auth:account.password.error') : null}</ErrorBanner>
      <StatusMessage>{change.isSuccess ? t('account.password.done') : null}</StatusMessage>
      <TextField
        label={t('account.password.current')}
        type={type}
        autoComplete="current-password"
        required
        error={message(errors.currentPassword?.message)}
        {...register('currentPassword')}
      />
      <TextField
        label={t('account.password.new')}
        hint={t('signup.passwordHint')}
        type={type}
        autoComplete="new-password"
        required
        error={message(errors.newPassword?.message)}
        {...register('newPassword')}
      />
      <TextField
        label={t('account.password.confirm')}
        type={type}
        autoComplete="new-password"
        required
        error={message(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <ShowPasswordToggle checked={showPasswords} onChange={setShowPasswords} />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? t('account.password.submitting') : t('account.password.submit')}
      </button>
    </form>
  )
}
