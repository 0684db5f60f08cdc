import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { SearchAnswer, SearchGroup, SearchKind, SearchResult } from '../../../../shared/contracts/search.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { MarkedText } from './marked-text.tsx'

/** The heading a result shows when its text has no title of its own (an interview, a story). */
function untitled(t: TFunction<'search'>, result: SearchResult): string {
  if (result.kind === 'interview') return result.personName ? t('result.interviewWith', { name: result.personName }) : t('result.interview')
  if (result.kind === 'story') return t('result.story')
  if (result.kind === 'media') return t('result.file')
  return t('result.untitled')
}

function ResultItem({ result }: { result: SearchResult }) {
  const { t } = useTranslation('search')
  const language = useUiLanguage()
  const hasTitle = result.title.text.trim() !== ''
  return (
    <li className="search-result">
      <Link to={result.path} className="search-result-title">
        {/* One flex item: the words and their marks flow as text, spaces kept between them. */}
        <span>{hasTitle ? <MarkedText value={result.title} /> : untitled(t, result)}</span>
      </Link>
      {result.snippet.text && (
        <p className="search-result-snippet">
          <MarkedText value={result.snippet} />
        </p>
      )}
      {(result.at || (result.personName && result.kind !== 'interview' && result.kind !== 'person')) && (
        <p className="search-result-meta">
          {result.personName && result.kind !== 'interview' && result.kind !== 'person' ? t('result.about', { name: result.personName }) + ' · ' : ''}
          {result.at && <time dateTime={result.at}>{formatDateTime(result.at, language)}</time>}
        </p>
      )}
    </li>
  )
}

function Group({ group, q, isAlone }: { group: SearchGroup; q: string; isAlone: boolean }) {
  const { t } = useTranslation('search')
  const headingId = `search-group-${group.kind}`
  const count = group.isTotalCapped ? t('group.countMore', { count: group.total }) : t('group.count', { count: group.total })
  return (
    <section className="search-group" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(`kinds.${group.kind}`)} <span className="search-group-count">({count})</span>
      </h2>
      <ol className="search-result-list">
        {group.results.map((result) => (
          <ResultItem key={`${result.kind}-${result.id}`} result={result} />
        ))}
      </ol>
      {!isAlone && group.total > group.results.length && (
        <Link to={`/search?q=${encodeURIComponent(q)}&kind=${group.kind}`} className="button">
          {t('group.more', { kind: t(`kinds.${group.kind}`) })}
        </Link>
      )}
    </section>
  )
}

/** The results, a group per kind (people, memories, interviews, stories, dreams, files). */
export function SearchResults({ answer, kind }: { answer: SearchAnswer; kind: SearchKind | null }) {
  return (
    <div className="search-results">
      {answer.groups.map((group) => (
        <Group key={group.kind} group={group} q={answer.query} isAlone={kind !== null} />
      ))}
    </div>
  )
}
