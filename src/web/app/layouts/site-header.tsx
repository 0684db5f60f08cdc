import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { shouldShowBackButton } from './back-button.ts'
import { useHeaderScrollPadding } from './use-header-scroll-padding.ts'

export function SiteHeader() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  // Read on every render: the location changes (and so re-renders) whenever history grows.
  const showBack = shouldShowBackButton(window.history.length, pathname)
  const isDashboard = pathname === '/dashboard'
  const headerRef = useRef<HTMLElement>(null)
  useHeaderScrollPadding(headerRef)

  return (
    <header ref={headerRef} className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-brand">
          {t('appName')}
        </Link>
        <nav aria-label={t('nav.label')} className="site-nav">
          <ul>
            {showBack ? (
              <li>
                <button type="button" className="nav-button" onClick={() => void navigate(-1)}>
                  <span aria-hidden="true">←</span> {t('nav.back')}
                </button>
              </li>
            ) : null}
            <li>
              <Link to="/" className="nav-button">
                {t('nav.home')}
              </Link>
            </li>
            <li>
              {isDashboard ? (
                <span className="nav-button nav-button-current" aria-current="page">
                  {t('nav.dashboard')}
                </span>
              ) : (
                <Link to="/dashboard" className="nav-button">
                  {t('nav.dashboard')}
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
}
