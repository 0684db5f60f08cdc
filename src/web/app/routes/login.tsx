import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { redirectTarget } from '../../features/account/components/auth-errors.ts'
import { AuthPage } from '../../features/account/components/auth-page.tsx'
import { LoginForm } from '../../features/account/components/login-form.tsx'

export function LoginRoute() {
  const { t } = useTranslation(['auth', 'common'])
  useDocumentTitle(t('common:pages.login'))
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const target = redirectTarget(location.state)

  if (session.data) return <Navigate to={target} replace />
  return (
    <AuthPage
      title={t('login.title')}
      intro={t('login.intro')}
      switchLine={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/signup" state={location.state}>
            {t('login.signupLink')}
          </Link>
        </>
      }
    >
      <LoginForm onSignedIn={() => void navigate(target, { replace: true })} />
      <p className="auth-forgot">
        <Link to="/forgot-password">{t('login.forgotLink')}</Link>
      </p>
    </AuthPage>
  )
}
