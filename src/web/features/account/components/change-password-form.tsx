import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { changePasswordSchema } from '../../../../shared/contracts/account.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useChangePassword } from '../api/account-queries.ts'
import { NewPasswordFields, usePasswordVisibility, withConfirmedPassword } from './new-password-fields.tsx'

const formSchema = withConfirmedPassword(changePasswordSchema.shape)

/**
 * The current password, then the new one twice. Every other device is signed out by the change;
 * this one stays signed in, which the success message says so nobody wonders about the others.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['auth', 'errors'])
  const change = useChangePassword()
  const passwords = usePasswordVisibility()
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
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="account-form">
      <ErrorBanner>{change.isError && !refusedOnField ? errorText(t, change.error, 'auth:account.password.error') : null}</ErrorBanner>
      <StatusMessage>{change.isSuccess ? t('account.password.done') : null}</StatusMessage>
      <TextField
        label={t('account.password.current')}
        type={passwords.type}
        autoComplete="current-password"
        required
        error={message(errors.currentPassword?.message)}
        {...register('currentPassword')}
      />
      <NewPasswordFields labels={{ new: t('account.password.new'), confirm: t('account.password.confirm') }} type={passwords.type} register={register} errors={errors} />
      {passwords.toggle}
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? t('account.password.submitting') : t('account.password.submit')}
      </button>
    </form>
  )
}
