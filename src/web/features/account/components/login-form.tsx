import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useLazyFormCheck } from '../../../components/ui/use-lazy-form-check.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useSignIn } from '../api/session-queries.ts'
import { signInErrorText } from './auth-errors.ts'

const loadSignInCheck = async () => (await import('../lib/sign-in-check.ts')).checkSignIn

/**
 * Login (docs/product.md#login): e-mail and password, both required, checked here rather than by the browser.
 * A plain form rather than react-hook-form and zod up front: this is a public page that paints
 * from pre-rendered HTML, and its check loads when the form is first touched.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(['auth', 'errors'])
  const signIn = useSignIn()
  const [showPassword, setShowPassword] = useState(false)
  const { errors, checkForm, prepare, handleChange } = useLazyFormCheck(loadSignInCheck)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = await checkForm(event.currentTarget)
    if (!values) return signIn.reset()
    try {
      await signIn.mutateAsync(values)
    } catch {
      return // shown by the banner below
    }
    onSignedIn()
  }

  const emailRefused = signIn.error instanceof ApiError && signIn.error.fieldCode('email') !== undefined
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      onChange={handleChange}
      onFocus={() => void prepare()}
      onPointerDown={() => void prepare()}
      className="auth-form"
    >
      <ErrorBanner>{signIn.isError ? signInErrorText(t, signIn.error) : null}</ErrorBanner>
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue=""
        error={fieldMessageText(t, errors.email) ?? (emailRefused ? t('errors:validation.invalid_email') : undefined)}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        defaultValue=""
        error={fieldMessageText(t, errors.password)}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <button type="submit" className="button button-primary button-block" disabled={signIn.isPending}>
        {signIn.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  )
}
