import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { RecentActivity as Recent } from '../../../../shared/contracts/dashboard.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'
import { formatTimeAgo } from '../../../lib/format-dates.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import './dashboard-panel.css'
import './recent-activity.css'

/** The relative's name as the dashboard says it; a surname nobody knows is left out. */
function relativeName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return isUnknownNamePart(lastName) ? firstName : `${firstName} ${lastName}`.trim()
}

/**
 * Where the person left off (docs/product.md#dashboard): the last thing they saved, how long ago,
 * and a way straight back into the conversation it came from. While it loads (and in the page
 * painted from HTML) the panel keeps its place, its words unseen, so that its arrival does not push
 * the tiles below down the screen; if it cannot load, the tiles lead to the same places.
 */
export function RecentActivity({ recent }: { recent: Recent | undefined }) {
  const { t, i18n } = useTranslation('dashboard')
  if (!recent)
    return (
      <section className="dashboard-panel recent-activity" aria-labelledby="recent-activity-title" aria-busy="true">
        <h2 id="recent-activity-title">{t('recent.title')}</h2>
        <div className="dashboard-panel-waiting" aria-hidden="true">
          <p className="recent-activity-last">{t('recent.nothingYet')}</p>
          <p className="recent-activity-actions">
            <span className="button button-primary">{t('recent.startCronos')}</span>
          </p>
        </div>
      </section>
    )
  const language = uiLanguageOf(i18n)
  const { lastMemory, lastInterview } = recent
  const isInterviewLast = lastInterview !== null && (lastMemory === null || lastInterview.savedAt > lastMemory.savedAt)
  const last = isInterviewLast ? lastInterview : lastMemory

  return (
    <section className="dashboard-panel recent-activity" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{t('recent.title')}</h2>
      {last ? (
        <p className="recent-activity-last">
          {isInterviewLast
            ? t('recent.lastInterview', { excerpt: last.excerpt, name: relativeName(lastInterview), when: formatTimeAgo(last.savedAt, language) })
            : t('recent.lastMemory', { excerpt: last.excerpt, when: formatTimeAgo(last.savedAt, language) })}
        </p>
      ) : (
        <p className="recent-activity-last">{t('recent.nothingYet')}</p>
      )}
      <ul className="recent-activity-actions">
        <li>
          <Link to="/my-biography" className="button button-primary">
            {lastMemory ? t('recent.continueCronos') : t('recent.startCronos')}
          </Link>
        </li>
        {lastInterview ? (
          <li>
            <Link to={`/interview/${encodeURIComponent(lastInterview.memberId)}`} className="button">
              {t('recent.continueInterview', { name: relativeName(lastInterview) })}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
