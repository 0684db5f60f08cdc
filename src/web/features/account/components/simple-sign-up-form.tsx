import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { signUpSchema } from '../../../../shared/contracts/account.ts'
import { isLanguage } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useSignUp } from '../api/session-queries.ts'
import { signUpErrorText } from './auth-errors.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

const simpleSignUpSchema = z
  .object({
    email: signUpSchema.shape.email,
    password: signUpSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'auth:signup.passwordMismatch',
  })

/** The older sign-up form of /signup (docs/product.md#sign-up): e-mail, password and its confirmation. */
export function SimpleSignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t, i18n } = useTranslation(['auth', 'errors'])
  const signUp = useSignUp()
  const [showPassword, setShowPassword] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(simpleSignUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  })

  const submit = handleSubmit(
    async ({ email, password }) => {
      const language = uiLanguageOf(i18n)
      try {
        await signUp.mutateAsync({ name: '', email, password, ...(isLanguage(language) ? { preferredLanguage: language } : {}) })
      } catch (error) {
        applyServerFieldErrors(error, ['email', 'password'] as const, setError)
        return
      }
      onSignedUp()
    },
    () => signUp.reset(),
  )

  const message = (text: string | undefined) => fieldMessageText(t, text)
  const passwordType = showPassword ? 'text' : 'password'
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="auth-form">
      <ErrorBanner>{signUp.isError ? signUpErrorText(t, signUp.error) : null}</ErrorBanner>
      <TextField label={t('signup.email')} type="email" inputMode="email" autoComplete="email" required error={message(errors.email?.message)} {...register('email')} />
      <TextField
        label={t('signup.password')}
        hint={t('signup.passwordHint')}
        type={passwordType}
        autoComplete="new-password"
        required
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label={t('signup.confirmPassword')}
        type={passwordType}
        autoComplete="new-password"
        required
        error={message(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <button type="submit" className="button button-primary button-block" disabled={signUp.isPending}>
        {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
      </button>
    </form>
  )
}
