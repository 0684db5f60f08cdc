import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { FamilyNews as News, FamilyNewsItem } from '../../../../shared/contracts/family-circle.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useMarkNewsSeen } from '../api/family-news-queries.ts'
import './dashboard-panel.css'
import './family-news.css'

/** Where a member's card opens by itself: the tree page with that person chosen. */
export const memberCardPath = (memberId: string) => `/family-tree?member=${encodeURIComponent(memberId)}`

function NewsLine({ item }: { item: FamilyNewsItem }) {
  const { t, i18n } = useTranslation('dashboard')
  const language = uiLanguageOf(i18n)
  const who = item.authorName || t('news.someone')
  const whom = item.memberName ?? t('news.someoneOfTheFamily')
  const when = (
    <time className="family-news-when" dateTime={item.at}>
      {formatDateTime(item.at, language)}
    </time>
  )

  let line: string
  let place: ReactNode = null
  switch (item.kind) {
    case 'member':
      line = t('news.member', { who, whom })
      if (item.memberId) place = <Link to={memberCardPath(item.memberId)}>{t('news.openMember', { name: whom })}</Link>
      break
    case 'interview':
      line = item.title ? t('news.interview', { who, whom, title: item.title }) : t('news.interviewUntitled', { who, whom })
      if (item.memberId) place = <Link to={`/interview/${encodeURIComponent(item.memberId)}`}>{t('news.openInterview', { name: whom })}</Link>
      break
    case 'photo': {
      line = item.title ? t('news.photoCaptioned', { who, whom, title: item.title }) : t('news.photo', { who, whom })
      const thumbnail = item.mediaId ? <img src={`/api/media/${encodeURIComponent(item.mediaId)}/thumbnail`} alt={t('news.photoAlt', { who, whom })} loading="lazy" /> : null
      if (thumbnail) place = item.memberId ? <Link to={memberCardPath(item.memberId)}>{thumbnail}</Link> : thumbnail
      break
    }
    case 'recording':
      line = t('news.recording', { who, whom })
      if (item.mediaId)
        place = (
          <>
            {/* A voice recorded at home has no captions; what was said is written in the interviews about the member. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio controls preload="none" src={`/api/media/${encodeURIComponent(item.mediaId)}/content`} aria-label={t('news.recordingLabel', { who, whom })} />
            {item.memberId && <Link to={`/interview/${encodeURIComponent(item.memberId)}`}>{t('news.openInterview', { name: whom })}</Link>}
          </>
        )
      break
    case 'memory':
      line = t('news.memory', { who, title: item.title })
      if (item.memberId) place = <Link to={`/story/${encodeURIComponent(item.memberId)}`}>{t('news.openStory', { name: whom })}</Link>
      break
  }

  return (
    <li className={`family-news-item family-news-${item.kind}`}>
      <p className="family-news-line">
        {line} {when}
      </p>
      {place && <div className="family-news-place">{place}</div>}
    </li>
  )
}

/**
 * «Novedades de la familia» (docs/product.md#dashboard): what others added to the tree since the
 * last «Ya lo he visto», newest first, each with a way to the place it was added. Shown to those
 * who share a tree, or who have news; once shown it stays until the page is left, so marking the
 * news seen leaves the card saying there is nothing new rather than taking it away.
 */
export function FamilyNews({ news, sharesATree }: { news: News | undefined; sharesATree: boolean }) {
  const { t } = useTranslation('dashboard')
  const markSeen = useMarkNewsSeen()
  const [wasShown, setWasShown] = useState(false)
  const hasNews = (news?.items.length ?? 0) > 0
  const isShown = news !== undefined && (hasNews || sharesATree || wasShown)
  if (isShown && !wasShown) setWasShown(true)
  if (!isShown || !news) return null

  const newest = news.items[0]
  return (
    <section className="dashboard-panel family-news" aria-labelledby="family-news-title">
      <h2 id="family-news-title">{t('news.title')}</h2>
      {newest ? (
        <>
          <ul className="family-news-list">
            {news.items.map((item) => (
              <NewsLine key={`${item.kind}:${item.id}`} item={item} />
            ))}
          </ul>
          <ErrorBanner>{markSeen.isError ? t('news.seenError') : null}</ErrorBanner>
          <div>
            <button type="button" className="button" disabled={markSeen.isPending} onClick={() => markSeen.mutate(newest.at)}>
              {t('news.seen')}
            </button>
          </div>
        </>
      ) : (
        <p className="family-news-empty">{news.since ? t('news.nothingSince') : t('news.nothingYet')}</p>
      )}
    </section>
  )
}
