import type { ReactNode, Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import './landing.css'

interface SignUpSectionProps {
  /** The heading the hero's button scrolls to and focuses. */
  headingRef: Ref<HTMLHeadingElement>
  isSignedIn: boolean
  /** The form, supplied by the page (the landing feature knows no account code). */
  children: ReactNode
}

export function SignUpSection({ headingRef, isSignedIn, children }: SignUpSectionProps) {
  const { t } = useTranslation('landing')
  return (
    <section id="signup" className="landing-signup" aria-labelledby="landing-signup-title">
      <div className="card landing-signup-card">
        <h2 id="landing-signup-title" ref={headingRef} tabIndex={-1}>
          {t('signup.title')}
        </h2>
        {isSignedIn ? (
          <AlreadySignedIn />
        ) : (
          <>
            <p className="landing-signup-intro">{t('signup.intro')}</p>
            {children}
            <p className="landing-signup-login">
              {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  )
}

/** Shown instead of the form to someone already signed in. */
function AlreadySignedIn() {
  const { t } = useTranslation('landing')
  return (
    <div className="landing-signed-in">
      <p>{t('signup.signedIn')}</p>
      <Link to="/dashboard" className="button button-primary">
        {t('topBar.dashboard')}
      </Link>
    </div>
  )
}
