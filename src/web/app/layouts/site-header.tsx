import { lazy, Suspense, useRef, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { useKnownSession } from '../../features/account/api/session-queries.ts'
import { isDrawnSignedIn } from '../../lib/signed-in-shell.ts'
import { HeaderSearch } from '../../features/search/components/header-search.tsx'
import { shouldShowBackButton } from './back-button.ts'
import { useHeaderScrollPadding } from './use-header-scroll-padding.ts'

const subscribeToNothing = () => () => {}

const HeaderTreeSwitcher = lazy(async () => ({ default: (await import('./header-tree-switcher.tsx')).HeaderTreeSwitcher }))

/**
 * The history's length, read on every render (the location changes, and so re-renders, whenever
 * history grows). A pre-rendered page was made with no history: hydration starts from that and
 * then shows the button if this tab's history calls for it.
 */
function useHistoryLength(): number {
  return useSyncExternalStore(
    subscribeToNothing,
    () => window.history.length,
    () => 0,
  )
}

/**
 * The header: «Legado» and «Inicio» lead home, which is the dashboard for a signed-in person and
 * the landing page for a visitor (who also gets «Dashboard», the way in once signed in).
 */
export function SiteHeader() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const showBack = shouldShowBackButton(useHistoryLength(), pathname)
  const isDashboard = pathname === '/dashboard'
  // A pre-rendered page knows no session: it is hydrated as a visitor's, and turns to the person's
  // once mounted; unless the server drew it for a live session, when it is the person's from the start.
  const isHydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
  const session = useKnownSession()
  const isSignedIn = (Boolean(session.data) && isHydrated) || (session.isPending && isDrawnSignedIn())
  const home = isSignedIn ? '/dashboard' : '/'
  const headerRef = useRef<HTMLElement>(null)
  useHeaderScrollPadding(headerRef)

  return (
    <header ref={headerRef} className="site-header">
      <div className="site-header-inner">
        <Link to={home} className="site-brand">
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
              {isSignedIn && isDashboard ? (
                <span className="nav-button nav-button-current" aria-current="page">
                  {t('nav.home')}
                </span>
              ) : (
                <Link to={home} className="nav-button">
                  {t('nav.home')}
                </Link>
              )}
            </li>
            {isSignedIn && (
              <li>
                {pathname === '/family' ? (
                  <span className="nav-button nav-button-current" aria-current="page">
                    {t('nav.family')}
                  </span>
                ) : (
                  <Link to="/family" className="nav-button">
                    {t('nav.family')}
                  </Link>
                )}
              </li>
            )}
            {isSignedIn ? null : (
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
            )}
          </ul>
        </nav>
        {isSignedIn && (
          <Suspense>
            <HeaderTreeSwitcher />
          </Suspense>
        )}
        {isSignedIn && <HeaderSearch />}
      </div>
    </header>
  )
}
