import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'

export function NotFoundRoute() {
  const { t } = useTranslation()
  useDocumentTitle(t('pages.notFound'))
  return (
    <section className="page page-narrow not-found" aria-labelledby="not-found-title">
      <div className="card">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <Link className="button button-primary" to="/dashboard">
          {t('notFound.back')}
        </Link>
      </div>
    </section>
  )
}
