import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { redirectTarget } from '../../features/account/components/auth-errors.ts'
import { AuthPage } from '../../features/account/components/auth-page.tsx'
import { SimpleSignUpForm } from '../../features/account/components/simple-sign-up-form.tsx'

export function SignupRoute() {
  const { t } = useTranslation(['auth', 'common'])
  useDocumentTitle(t('common:pages.signup'))
  const session = useSession()
  const navigate = useNavigate()
  // Where the person was going (an invitation), kept when they switch to signing in instead.
  const location = useLocation()
  const target = redirectTarget(location.state)

  if (session.data) return <Navigate to={target} replace />
  return (
    <AuthPage
      title={t('signup.title')}
      intro={t('signup.intro')}
      switchLine={
        <>
          {t('signup.hasAccount')}{' '}
          <Link to="/login" state={location.state}>
            {t('signup.loginLink')}
          </Link>
        </>
      }
    >
      <SimpleSignUpForm onSignedUp={() => void navigate(target, { replace: true })} />
    </AuthPage>
  )
}
