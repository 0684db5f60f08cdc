import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { DeleteAccountForm } from '../../features/account/components/delete-account-form.tsx'
import { ImportArchiveForm } from '../../features/account/components/import-archive-form.tsx'
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx'
import { ProfileForm } from '../../features/account/components/profile-form.tsx'
import { SignOutButton } from '../../features/account/components/sign-out-button.tsx'
import { ListeningLinks } from '../../features/listening/components/listening-links.tsx'
import '../../features/account/components/account-page.css'

/** /account: the person's name, their password, where they are signed in, all their data in and out, the voice links they gave out, and leaving for good. */
export function AccountRoute() {
  const { t } = useTranslation(['auth', 'common'])
  useDocumentTitle(t('common:pages.account'))
  const session = useSession()
  const navigate = useNavigate()
  const me = session.data

  return (
    <section className="page page-narrow account-page" aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      <p>{t('account.intro')}</p>
      <section className="card account-section" aria-labelledby="account-profile">
        <h2 id="account-profile">{t('account.profile.heading')}</h2>
        {me ? <ProfileForm me={me} /> : null}
      </section>
      <section className="card account-section" aria-labelledby="account-password">
        <h2 id="account-password">{t('account.password.heading')}</h2>
        <p>{t('account.password.intro')}</p>
        <ChangePasswordForm />
      </section>
      <section className="card account-section" aria-labelledby="account-sessions">
        <h2 id="account-sessions">{t('account.sessions.heading')}</h2>
        <p>{t('account.sessions.intro')}</p>
        <SignOutButton offerEverywhere onSignedOut={() => void navigate('/login', { replace: true })} />
      </section>
      <section className="card account-section account-portability" aria-labelledby="account-export">
        <h2 id="account-export">{t('account.portability.heading')}</h2>
        <p>{t('account.portability.intro')}</p>
        {/* A plain link: the browser downloads the stream itself, however large, with its own progress. */}
        <a className="button button-primary account-export" href="/api/me/export" download>
          {t('account.portability.export')}
        </a>
        <h3>{t('account.portability.importHeading')}</h3>
        <p>{t('account.portability.importIntro')}</p>
        <ImportArchiveForm />
      </section>
      <ListeningLinks />
      <section className="card account-section account-danger" aria-labelledby="account-delete">
        <h2 id="account-delete">{t('account.delete.heading')}</h2>
        <p>{t('account.delete.intro')}</p>
        <DeleteAccountForm onDeleted={() => navigate('/', { replace: true, state: { accountDeleted: true } })} />
      </section>
    </section>
  )
}
