import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { deleteAccountSchema } from '../../../../shared/contracts/account.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { ShowPasswordToggle } from '../../../components/ui/show-password-toggle.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useAccountReach, useDeleteAccount } from '../api/account-queries.ts'
import { forgetSignedInData } from '../api/session-queries.ts'
import { AccountReach } from './account-reach.tsx'

/**
 * Erasing an account cannot be undone, so it asks for the password and for a word typed by hand
 * (in the page's language), rather than a click on a dialog that a tremor or a habit can confirm.
 * It first says what goes from the family with it, and which tree handed over to someone else
 * stays with them.
 */
export function DeleteAccountForm({ onDeleted }: { onDeleted: () => Promise<void> | void }) {
  const { t } = useTranslation(['auth', 'errors'])
  const remove = useDeleteAccount()
  const queryClient = useQueryClient()
  const [showPassword, setShowPassword] = useState(false)
  const reach = useAccountReach()
  // Until the answer comes the family's losses are unknown; a failed read leaves it to the server.
  const isHeldBack = reach.isPending
  const word = t('account.delete.word')
  const schema = deleteAccountSchema.extend({
    confirmation: z.string().refine((typed) => typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase(), { error: 'auth:account.delete.wordMismatch' }),
  })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmation: '' } })

  const submit = handleSubmit(
    async ({ password }) => {
      try {
        await remove.mutateAsync({ password })
      } catch (error) {
        applyServerFieldErrors(error, ['password'] as const, setError)
        return
      }
      await onDeleted()
      forgetSignedInData(queryClient)
    },
    () => remove.reset(),
  )

  const refusedOnField = errors.password?.type === 'server'
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="account-form">
      {reach.data && <AccountReach reach={reach.data} />}
      <ErrorBanner>{remove.isError && !refusedOnField ? errorText(t, remove.error, 'auth:account.delete.error') : null}</ErrorBanner>
      <TextField
        label={t('account.delete.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        error={fieldMessageText(t, errors.password?.message)}
        {...register('password')}
      />
      <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
      <TextField
        label={t('account.delete.confirmation', { word })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        error={errors.confirmation ? t('account.delete.wordMismatch', { word }) : undefined}
        {...register('confirmation')}
      />
      <button type="submit" className="button button-danger" disabled={remove.isPending || isHeldBack}>
        {remove.isPending ? t('account.delete.submitting') : t('account.delete.submit')}
      </button>
    </form>
  )
}
