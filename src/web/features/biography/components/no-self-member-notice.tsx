import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { failureText } from '../lib/failure-text.ts'
import './no-self-member-notice.css'

/**
 * docs/product.md#biography: without a profile that represents them in the family tree, the person's
 * memories cannot be saved. The chat still works, and this makes the profile on the spot from the
 * name on the account (the person may correct it first): one press, and the next answer is kept.
 */
export function NoSelfMemberNotice({ accountName, onCreate }: { accountName: string; onCreate: (fullName: string) => Promise<void> }) {
  const { t } = useTranslation(['biography', 'errors'])
  const [name, setName] = useState(accountName)
  const [isMissing, setIsMissing] = useState(false)
  const [isCreating, setIsCreating] = useState(false)
  const [failure, setFailure] = useState<unknown>()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(undefined)
    if (name.trim() === '') return setIsMissing(true)
    setIsCreating(true)
    try {
      await onCreate(name.trim())
    } catch (error) {
      setFailure(error)
    } finally {
      setIsCreating(false)
    }
  }

  return (
    <form className="banner banner-info no-self-notice" data-testid="no-self-member-notice" aria-labelledby="no-self-title" onSubmit={(event) => void handleSubmit(event)}>
      <p className="no-self-notice-title" id="no-self-title">
        {t('noSelf.title')}
      </p>
      <p>{t('noSelf.body')}</p>
      <ErrorBanner>{failure ? failureText(t, failure, 'noSelf.failed') : null}</ErrorBanner>
      <TextField
        label={t('noSelf.name')}
        autoComplete="name"
        value={name}
        error={isMissing ? t('errors:validation.required') : undefined}
        onChange={(event) => {
          setName(event.target.value)
          setIsMissing(false)
        }}
      />
      <button type="submit" className="button button-primary" disabled={isCreating}>
        {isCreating ? t('noSelf.creating') : t('noSelf.create')}
      </button>
    </form>
  )
}
