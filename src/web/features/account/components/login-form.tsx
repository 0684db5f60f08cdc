import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { usePageForm } from '../../../components/ui/use-page-form.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { outcomeFieldProps } from '../../../lib/form-outcome.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useSignIn } from '../api/session-queries.ts'
import { signInErrorText } from './auth-errors.ts'

const loadSignInCheck = async () => (await import('../lib/sign-in-check.ts')).checkSignIn
/** The server's refusals of a sign-in are said by the banner, not on a field. */
const noFields: readonly string[] = []

/**
 * Login (docs/product.md#login): e-mail and password, both required, checked here rather than by the browser.
 * A plain form rather than react-hook-form and zod up front: this is a public page that paints
 * from pre-rendered HTML, and its check loads when the form is first touched. Before the scripts
 * have arrived (or without them) the browser posts it to /login, which the server answers alike.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation(['auth', 'errors'])
  const signIn = useSignIn()
  const [showPassword, setShowPassword] = useState(false)
  const { errors, outcome, posted, submit, formProps } = usePageForm('login', loadSignInCheck, noFields)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // A refusal is shown by the banner below.
    if (
      await submit(
        event,
        (values) => signIn.mutateAsync(values),
        () => signIn.reset(),
      )
    )
      onSignedIn()
  }

  const emailRefused = signIn.error instanceof ApiError && signIn.error.fieldCode('email') !== undefined
  return (
    <form {...formProps} onSubmit={(event) => void handleSubmit(event)} className="auth-form">
      <ErrorBanner>{signIn.isError ? signInErrorText(t, signIn.error) : (posted?.message ?? null)}</ErrorBanner>
      <input type="hidden" name="lng" value={uiLanguageOf(i18n)} />
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...outcomeFieldProps(outcome, 'email')}
        error={fieldMessageText(t, errors.email) ?? (emailRefused ? t('errors:validation.invalid_email') : undefined)}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        {...outcomeFieldProps(outcome, 'password')}
        error={fieldMessageText(t, errors.password)}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <button type="submit" className="button button-primary button-block" disabled={signIn.isPending}>
        {signIn.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  )
}
