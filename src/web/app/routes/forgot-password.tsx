import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { AuthPage } from '../../features/account/components/auth-page.tsx'
import { ForgotPassword } from '../../features/account/components/forgot-password.tsx'

export function ForgotPasswordRoute() {
  const { t } = useTranslation(['auth', 'common'])
  useDocumentTitle(t('common:pages.forgotPassword'))
  return (
    <AuthPage
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      switchLine={
        <>
          {t('forgot.remembered')} <Link to="/login">{t('forgot.loginLink')}</Link>
        </>
      }
    >
      <ForgotPassword />
    </AuthPage>
  )
}
