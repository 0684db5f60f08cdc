import { useState } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

interface NewPassword {
  newPassword: string
  confirmPassword: string
}

/** Adds the repeated password to a form's schema, refused with the sign-up's words when the two differ. */
export function withConfirmedPassword<Shape extends z.ZodRawShape & { newPassword: z.ZodType<string> }>(shape: Shape) {
  return z
    .object({ ...shape, confirmPassword: z.string() })
    .refine((values) => (values as NewPassword).newPassword === (values as NewPassword).confirmPassword, { path: ['confirmPassword'], error: 'auth:signup.passwordMismatch' })
}

/**
 * Whether the password fields show what is typed: one switch for every password field of the form,
 * so that the person who checks their typing sees the current password too.
 */
export function usePasswordVisibility() {
  const [isShown, setShown] = useState(false)
  return { type: isShown ? 'text' : 'password', toggle: <ShowPasswordToggle checked={isShown} onChange={setShown} /> } as const
}

/** The new password and its repetition, with the rules' hint: the same two fields wherever a password is chosen. */
export function NewPasswordFields<Values extends NewPassword>({
  labels,
  type,
  register,
  errors,
}: {
  labels: { new: string; confirm: string }
  type: 'text' | 'password'
  register: UseFormRegister<Values>
  errors: FieldErrors<NewPassword>
}) {
  const { t } = useTranslation(['auth', 'errors'])
  // Both forms name their fields alike; the casts tie the generic form to those two names.
  const field = register as unknown as UseFormRegister<NewPassword>
  return (
    <>
      <TextField
        label={labels.new}
        hint={t('signup.passwordHint')}
        type={type}
        autoComplete="new-password"
        required
        error={fieldMessageText(t, errors.newPassword?.message)}
        {...field('newPassword')}
      />
      <TextField
        label={labels.confirm}
        type={type}
        autoComplete="new-password"
        required
        error={fieldMessageText(t, errors.confirmPassword?.message)}
        {...field('confirmPassword')}
      />
    </>
  )
}
