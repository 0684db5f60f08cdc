import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export function SiteFooter() {
  const { t } = useTranslation()
  return (
    <footer className="site-footer">
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      <p>
        <Link to="/contact">{t('footer.contact')}</Link>
      </p>
    </footer>
  )
}
