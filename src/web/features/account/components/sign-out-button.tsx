import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useSignOut } from '../api/session-queries.ts'
import './sign-out-button.css'

/**
 * Signs out here and, with `offerEverywhere`, on every device (a phone lost, a shared computer
 * left signed in).
 */
export function SignOutButton({ onSignedOut, offerEverywhere = false }: { onSignedOut: () => void; offerEverywhere?: boolean }) {
  const { t } = useTranslation(['auth', 'errors'])
  const signOut = useSignOut()
  const everywhere = signOut.isPending && signOut.variables?.everywhere === true

  async function handleClick(options: { everywhere?: boolean }) {
    try {
      await signOut.mutateAsync(options)
    } catch {
      return // shown by the banner below
    }
    onSignedOut()
  }

  return (
    <div className="sign-out">
      <ErrorBanner>{signOut.isError ? errorText(t, signOut.error, 'auth:signOut.error') : null}</ErrorBanner>
      <div className="sign-out-buttons">
        <button type="button" className="button" onClick={() => void handleClick({})} disabled={signOut.isPending}>
          {signOut.isPending && !everywhere ? t('signOut.submitting') : t('signOut.submit')}
        </button>
        {offerEverywhere ? (
          <button type="button" className="button" onClick={() => void handleClick({ everywhere: true })} disabled={signOut.isPending}>
            {everywhere ? t('signOut.submitting') : t('signOut.everywhere')}
          </button>
        ) : null}
      </div>
    </div>
  )
}
