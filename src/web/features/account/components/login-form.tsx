import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { signInSchema } from '../../../../shared/contracts/account.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSignIn } from '../api/session-queries.ts'
import { signInErrorText } from './auth-errors.ts'

/** Spec §2 login: e-mail and password, both required, checked here rather than by the browser. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(['auth', 'errors'])
  const signIn = useSignIn()
  const [showPassword, setShowPassword] = useState(false)
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } })

  const submit = handleSubmit(
    async (values) => {
      try {
        await signIn.mutateAsync(values)
      } catch {
        return // shown by the banner below
      }
      onSignedIn()
    },
    () => signIn.reset(),
  )

  const emailRefused = signIn.error instanceof ApiError && signIn.error.fieldCode('email') !== undefined
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="auth-form">
      <ErrorBanner>{signIn.isError ? signInErrorText(t, signIn.error) : null}</ErrorBanner>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldMessageText(t, errors.email?.message) ?? (emailRefused ? t('errors:validation.invalid_email') : undefined)}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        error={fieldMessageText(t, errors.password?.message)}
        {...register('password')}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <button type="submit" className="button button-primary button-block" disabled={signIn.isPending}>
        {signIn.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  )
}
