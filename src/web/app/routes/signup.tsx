import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { AuthPage } from '../../features/account/components/auth-page.tsx'
import { SimpleSignUpForm } from '../../features/account/components/simple-sign-up-form.tsx'

export function SignupRoute() {
  const { t } = useTranslation(['auth', 'common'])
  useDocumentTitle(t('common:pages.signup'))
  const session = useSession()
  const navigate = useNavigate()

  if (session.data) return <Navigate to="/dashboard" replace />
  return (
    <AuthPage
      title={t('signup.title')}
      intro={t('signup.intro')}
      switchLine={
        <>
          {t('signup.hasAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
        </>
      }
    >
      <SimpleSignUpForm onSignedUp={() => void navigate('/dashboard', { replace: true })} />
    </AuthPage>
  )
}
