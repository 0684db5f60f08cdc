import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from './use-document-title.ts'

/** Placeholder for a page whose capability a later issue builds. */
export function BeingBuilt({ title }: { title: string }) {
  const { t } = useTranslation()
  useDocumentTitle(title)
  return (
    <section className="page page-narrow" aria-labelledby="being-built-title">
      <div className="card">
        <h1 id="being-built-title">{title}</h1>
        <p>{t('beingBuilt.body')}</p>
        <Link className="button" to="/dashboard">
          {t('beingBuilt.back')}
        </Link>
      </div>
    </section>
  )
}
