import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Placeholder for a page whose capability a later issue builds. */
export function BeingBuilt({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <section className="page page-narrow">
      <h1>{title}</h1>
      <p>{t('beingBuilt.body')}</p>
      <Link className="button" to="/dashboard">
        {t('beingBuilt.back')}
      </Link>
    </section>
  )
}
