import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatStoredDate } from '../../../shared/genealogy-date/index.ts'
import { isUnknownNamePart } from '../../../shared/family-tree/unknown-name.ts'
import { ErrorBanner } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { usePersonTimeline } from '../../features/timeline/api/timeline-queries.ts'
import { TimelineList } from '../../features/timeline/components/timeline-event.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { useUiLanguage } from '../../lib/ui-language.ts'

/** /timeline/:memberId (docs/product.md#timeline): one life in order, what has no date apart. */
export function TimelineRoute() {
  const { t } = useTranslation('timeline')
  const language = useUiLanguage()
  const memberId = useParams().memberId?.trim() ?? ''
  const timeline = usePersonTimeline(memberId)
  const person = timeline.data?.person
  const name = person ? (isUnknownNamePart(person.lastName) ? person.firstName : `${person.firstName} ${person.lastName}`.trim()) : ''
  useDocumentTitle(name ? t('page.titleOf', { name }) : t('page.title'))

  let content
  if (timeline.error && !timeline.data) {
    const isMissing = timeline.error instanceof ApiError && (timeline.error.code === 'not_found' || timeline.error.code === 'family_tree.no_tree')
    content = (
      <ErrorBanner>
        {isMissing ? t('notFound') : t('loadFailed')}{' '}
        {!isMissing && (
          <button type="button" className="button" onClick={() => void timeline.refetch()}>
            {t('retry')}
          </button>
        )}
      </ErrorBanner>
    )
  } else if (!timeline.data || !person) {
    content = (
      <p className="page-status" role="status">
        {t('loading')}
      </p>
    )
  } else {
    const { events, undated } = timeline.data
    const lifeSpan = [formatStoredDate(person.birthDate, language), formatStoredDate(person.deathDate, language)]
    content = (
      <>
        {(lifeSpan[0] || lifeSpan[1]) && <p className="timeline-span">{lifeSpan.filter(Boolean).join(' – ')}</p>}
        {events.length === 0 && undated.length === 0 && <p>{t('empty', { name: person.firstName || name })}</p>}
        {events.length > 0 && <TimelineList events={events} label={t('page.listLabel', { name })} />}
        {undated.length > 0 && (
          <section aria-labelledby="timeline-undated-title">
            <h2 id="timeline-undated-title" className="timeline-undated-title">
              {t('undated')}
            </h2>
            <TimelineList events={undated} label={t('undated')} />
          </section>
        )}
      </>
    )
  }

  return (
    <section className="page timeline-page" aria-labelledby="timeline-title">
      <header>
        <h1 id="timeline-title">{name ? t('page.titleOf', { name }) : t('page.title')}</h1>
      </header>
      <nav className="timeline-nav" aria-label={t('page.navLabel')}>
        <Link to={`/family-tree?member=${encodeURIComponent(memberId)}`}>{t('page.backToTree')}</Link>
        <Link to={`/timeline?branch=${encodeURIComponent(memberId)}`}>{t('page.branchOf', { name: person?.firstName || name || t('page.thisPerson') })}</Link>
      </nav>
      {content}
    </section>
  )
}
