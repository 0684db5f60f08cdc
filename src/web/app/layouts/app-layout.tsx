import { Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import './app-layout.css'

/**
 * After a client-side navigation nothing tells a screen reader the page changed, so focus moves
 * to the main region, as a full page load would put it at the top.
 */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation()
  const mainRef = useRef<HTMLElement>(null)
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname])
  return mainRef
}

export function AppLayout() {
  const { t } = useTranslation()
  const mainRef = useFocusMainOnNavigate()
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        {/* A page waiting for its own catalogue keeps the header and footer on screen. */}
        <Suspense
          fallback={
            <p className="page-status" role="status">
              {t('loadingTranslations')}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  )
}
