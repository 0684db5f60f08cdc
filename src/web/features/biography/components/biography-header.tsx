import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import './biography-page.css'

/** The page's title, the way back to the dashboard, the way to the story read back, and a word on what happens here. */
export function BiographyHeader({ titleId }: { titleId: string }) {
  const { t } = useTranslation('biography')
  return (
    <header className="biography-header">
      <div className="biography-header-top">
        <h1 id={titleId}>{t('page.title')}</h1>
        <div className="biography-header-links">
          <Link className="button" to="/dashboard">
            <span aria-hidden="true">←</span> {t('page.back')}
          </Link>
          <Link className="button button-primary" to="/my-story">
            {t('page.readStory')}
          </Link>
        </div>
      </div>
      <p className="biography-header-intro">{t('page.intro')}</p>
    </header>
  )
}
