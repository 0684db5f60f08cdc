import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useSignOut } from '../api/session-queries.ts'

export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation(['auth', 'errors'])
  const signOut = useSignOut()

  async function handleClick() {
    try {
      await signOut.mutateAsync()
    } catch {
      return // shown by the banner below
    }
    onSignedOut()
  }

  return (
    <div className="sign-out">
      <ErrorBanner>{signOut.isError ? errorText(t, signOut.error, 'auth:signOut.error') : null}</ErrorBanner>
      <button type="button" className="button" onClick={() => void handleClick()} disabled={signOut.isPending}>
        {signOut.isPending ? t('signOut.submitting') : t('signOut.submit')}
      </button>
    </div>
  )
}
