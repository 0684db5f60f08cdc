import { useDeferredValue, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ErrorBanner } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useTreeIndex } from '../../features/family-tree/api/tree-page-queries.ts'
import { entryId, memberFromEntry } from '../../features/family-tree/lib/tree-index.ts'
import { memberName } from '../../features/family-tree/lib/member-name.ts'
import { searchRelationOptions } from '../../features/family-tree/lib/relation-options.ts'
import { useFamilyTimeline } from '../../features/timeline/api/timeline-queries.ts'
import { TimelineList } from '../../features/timeline/components/timeline-event.tsx'

/** People a search offers at once: enough to find one, few enough to read on a phone. */
const offered = 8

/**
 * /timeline?branch= (docs/product.md#timeline): the family's births, marriages and deaths by
 * date, of one branch (a person, their ancestors and their descendants) when one is chosen with
 * the tree's own name search, a page at a time.
 */
export function FamilyTimelineRoute() {
  const { t } = useTranslation('timeline')
  useDocumentTitle(t('family.title'))
  const [searchParams, setSearchParams] = useSearchParams()
  const branch = searchParams.get('branch')?.trim() || undefined
  // The names of everyone, from the tree's index (a few MiB at 100,000 people), not the whole tree.
  const index = useTreeIndex()
  const timeline = useFamilyTimeline(branch)
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const searchId = useId()
  const options = useMemo(
    () =>
      (index.data?.people ?? []).map((entry) => {
        const name = memberName(memberFromEntry(entry))
        return { memberId: entryId(entry), name, label: name }
      }),
    [index.data],
  )
  const chosen = branch ? options.find((option) => option.memberId === branch) : undefined
  const found = deferredQuery.trim() ? searchRelationOptions(options, [], deferredQuery, offered) : undefined
  const events = timeline.data?.pages.flatMap((page) => page.events) ?? []
  const total = timeline.data?.pages[0]?.total ?? 0

  function choose(memberId: string | undefined) {
    setQuery('')
    setSearchParams(memberId ? { branch: memberId } : {}, { replace: true })
  }

  return (
    <section className="page timeline-page" aria-labelledby="family-timeline-title">
      <header>
        <h1 id="family-timeline-title">{t('family.title')}</h1>
        <p>{chosen ? t('family.branchOf', { name: chosen.name }) : t('family.everyone')}</p>
      </header>
      <div className="field timeline-branch" role="search" aria-label={t('family.pickLabel')}>
        <label htmlFor={searchId}>{t('family.pick')}</label>
        <input id={searchId} type="search" autoComplete="off" value={query} aria-describedby={`${searchId}-count`} onChange={(event) => setQuery(event.target.value)} />
        <p id={`${searchId}-count`} className="hint" aria-live="polite">
          {found ? t('family.found', { count: found.matches }) : ''}
        </p>
        {found && found.shown.length > 0 && (
          <ul className="timeline-branch-options">
            {found.shown.map((option) => (
              <li key={option.memberId}>
                <button type="button" className="button" onClick={() => choose(option.memberId)}>
                  {t('family.choose', { name: option.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
        {branch && (
          <button type="button" className="button" onClick={() => choose(undefined)}>
            {t('family.everyoneButton')}
          </button>
        )}
      </div>
      {timeline.error && !timeline.data ? (
        <ErrorBanner>
          {t('loadFailed')}{' '}
          <button type="button" className="button" onClick={() => void timeline.refetch()}>
            {t('retry')}
          </button>
        </ErrorBanner>
      ) : !timeline.data ? (
        <p className="page-status" role="status">
          {t('loading')}
        </p>
      ) : events.length === 0 ? (
        <p>{t('family.empty')}</p>
      ) : (
        <>
          <p className="hint">{t('family.shown', { count: events.length, total })}</p>
          <TimelineList events={events} label={t('family.title')} showPerson />
          {timeline.hasNextPage && (
            <button type="button" className="button" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
              {t('family.more')}
            </button>
          )}
        </>
      )}
    </section>
  )
}
