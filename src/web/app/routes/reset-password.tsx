import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { AuthPage } from '../../features/account/components/auth-page.tsx'
import { ResetPasswordForm } from '../../features/account/components/reset-password-form.tsx'

/** Opened from a reset link (a mail, or the operator's); works signed in or out. */
export function ResetPasswordRoute() {
  const { t } = useTranslation(['auth', 'common'])
  useDocumentTitle(t('common:pages.resetPassword'))
  return (
    <AuthPage
      title={t('reset.title')}
      intro={t('reset.intro')}
      switchLine={
        <>
          {t('forgot.remembered')} <Link to="/login">{t('forgot.loginLink')}</Link>
        </>
      }
    >
      <ResetPasswordForm />
    </AuthPage>
  )
}
