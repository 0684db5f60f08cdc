import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { usePageForm } from '../../../components/ui/use-page-form.ts'
import { outcomeFieldProps } from '../../../lib/form-outcome.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useSignUp } from '../api/session-queries.ts'
import { signUpErrorText } from './auth-errors.ts'

const loadSignUpCheck = async () => (await import('../lib/sign-up-check.ts')).checkSimpleSignUp
const serverFields = ['email', 'password'] as const

/**
 * The older sign-up form of /signup (docs/product.md#sign-up): e-mail, password and its confirmation.
 * A plain form whose check loads when it is first touched, as the sign-in form's; before the
 * scripts have arrived (or without them) the browser posts it to /signup, which the server answers alike.
 */
export function SimpleSignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t, i18n } = useTranslation(['auth', 'errors'])
  const signUp = useSignUp()
  const [showPassword, setShowPassword] = useState(false)
  const { errors, outcome, posted, submit, formProps } = usePageForm('signup', loadSignUpCheck, serverFields)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const send = ({ email, password }: { email: string; password: string }) => signUp.mutateAsync({ name: '', email, password, preferredLanguage: uiLanguageOf(i18n) })
    if (await submit(event, send, () => signUp.reset())) onSignedUp()
  }

  const passwordType = showPassword ? 'text' : 'password'
  return (
    <form {...formProps} onSubmit={(event) => void handleSubmit(event)} className="auth-form">
      <ErrorBanner>{signUp.isError ? signUpErrorText(t, signUp.error) : (posted?.message ?? null)}</ErrorBanner>
      <input type="hidden" name="lng" value={uiLanguageOf(i18n)} />
      <TextField
        label={t('signup.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...outcomeFieldProps(outcome, 'email')}
        error={fieldMessageText(t, errors.email)}
      />
      <TextField
        label={t('signup.password')}
        hint={t('signup.passwordHint')}
        name="password"
        type={passwordType}
        autoComplete="new-password"
        required
        {...outcomeFieldProps(outcome, 'password')}
        error={fieldMessageText(t, errors.password)}
      />
      <TextField
        label={t('signup.confirmPassword')}
        name="confirmPassword"
        type={passwordType}
        autoComplete="new-password"
        required
        {...outcomeFieldProps(outcome, 'confirmPassword')}
        error={fieldMessageText(t, errors.confirmPassword)}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <button type="submit" className="button button-primary button-block" disabled={signUp.isPending}>
        {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
      </button>
    </form>
  )
}
