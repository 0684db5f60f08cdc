import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Me } from '../../../../shared/contracts/account.ts'
import { updateMeSchema } from '../../../../shared/contracts/account.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { applyServerFieldErrors, fieldMessageText } from '../../../components/ui/form-errors.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useUpdateProfile } from '../api/account-queries.ts'

const profileSchema = z.object({ displayName: updateMeSchema.shape.displayName.unwrap() })

/** The name shown across the app; the e-mail, which signs the person in, is shown but not edited here. */
export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation(['auth', 'errors'])
  const update = useUpdateProfile()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(profileSchema), defaultValues: { displayName: me.displayName } })

  const submit = handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync(values)
      } catch (error) {
        applyServerFieldErrors(error, ['displayName'] as const, setError)
      }
    },
    () => update.reset(),
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="account-form">
      <ErrorBanner>{update.isError ? errorText(t, update.error, 'auth:account.profile.error') : null}</ErrorBanner>
      <StatusMessage>{update.isSuccess ? t('account.profile.saved') : null}</StatusMessage>
      <p className="account-email">
        <span className="account-email-label">{t('account.profile.email')}</span> {me.email}
      </p>
      <TextField label={t('account.profile.name')} autoComplete="name" error={fieldMessageText(t, errors.displayName?.message)} {...register('displayName')} />
      <button type="submit" className="button" disabled={update.isPending}>
        {update.isPending ? t('account.profile.saving') : t('account.profile.save')}
      </button>
    </form>
  )
}
