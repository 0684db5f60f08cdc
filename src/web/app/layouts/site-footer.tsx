import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

const subscribeToNothing = () => () => {}

/** The pre-rendered pages were made in the build's year: hydration starts from it, then updates. */
function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribeToNothing,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  )
}

export function SiteFooter() {
  const { t } = useTranslation()
  return (
    <footer className="site-footer">
      <p>{t('footer.copyright', { year: useCurrentYear() })}</p>
      <p>
        <Link to="/contact">{t('footer.contact')}</Link>
      </p>
    </footer>
  )
}
