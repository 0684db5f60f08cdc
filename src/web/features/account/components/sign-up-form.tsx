import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { signUpSchema, type SignUp } from '../../../../shared/contracts/account.ts'
import { requiredSingleLineText, writtenGenealogyDateIn } from '../../../../shared/contracts/common.ts'
import { genealogyDateMaxLength } from '../../../../shared/genealogy-date/index.ts'
import { defaultLanguage, isLanguage, limits, type Language } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useSignUp } from '../api/session-queries.ts'
import { signUpErrorText } from './auth-errors.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

/**
 * The API keeps the name optional (the older form has none); this form asks for it
 * (docs/product.md#sign-up), and reads the birth date in the page's language as the server will.
 */
function landingSignUpSchema(language: Language) {
  return signUpSchema.extend({ name: requiredSingleLineText(limits.displayNameMaxLength, 'validation.required'), birthDate: writtenGenealogyDateIn(language) })
}

const serverFields = ['name', 'email', 'password', 'birthDate', 'familyRelation'] as const

/**
 * The landing page's sign-up form (docs/product.md#sign-up): full name, e-mail, password, two optional
 * fields. The name and the birth date (as the person knows it) make their own card in the tree.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t, i18n } = useTranslation(['auth', 'errors'])
  const signUp = useSignUp()
  const shownLanguage = uiLanguageOf(i18n)
  const pageLanguage = isLanguage(shownLanguage) ? shownLanguage : defaultLanguage
  const [showPassword, setShowPassword] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(landingSignUpSchema(pageLanguage)),
    defaultValues: { name: '', email: '', password: '', birthDate: '', familyRelation: '' },
  })

  const submit = handleSubmit(
    async ({ name, email, password, birthDate, familyRelation }) => {
      const language = uiLanguageOf(i18n)
      const body: SignUp = {
        name,
        email,
        password,
        ...(birthDate ? { birthDate } : {}),
        ...(familyRelation ? { familyRelation } : {}),
        ...(isLanguage(language) ? { preferredLanguage: language } : {}),
      }
      try {
        await signUp.mutateAsync(body)
      } catch (error) {
        applyServerFieldErrors(error, serverFields, setError)
        return
      }
      onSignedUp()
    },
    () => signUp.reset(),
  )

  const message = (text: string | undefined) => fieldMessageText(t, text)
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="auth-form">
      <ErrorBanner>{signUp.isError ? signUpErrorText(t, signUp.error) : null}</ErrorBanner>
      <TextField label={t('signUpForm.name')} autoComplete="name" required error={message(errors.name?.message)} {...register('name')} />
      <TextField label={t('signUpForm.email')} type="email" inputMode="email" autoComplete="email" required error={message(errors.email?.message)} {...register('email')} />
      <TextField
        label={t('signUpForm.password')}
        hint={t('signUpForm.passwordHint')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="new-password"
        required
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <TextField
        label={t('signUpForm.birthDate')}
        hint={t('signUpForm.birthDateHint')}
        optional
        autoComplete="off"
        maxLength={genealogyDateMaxLength}
        error={message(errors.birthDate?.message)}
        {...register('birthDate')}
      />
      <TextField
        label={t('signUpForm.familyRelation')}
        hint={t('signUpForm.familyRelationHint')}
        optional
        error={message(errors.familyRelation?.message)}
        {...register('familyRelation')}
      />
      <button type="submit" className="button button-primary button-block" disabled={signUp.isPending}>
        {signUp.isPending ? t('signUpForm.submitting') : t('signUpForm.submit')}
      </button>
    </form>
  )
}
