import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { searchKinds, type SearchKind } from '../../../shared/contracts/search.ts'
import { ErrorBanner, StatusMessage } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSearch } from '../../features/search/api/search-queries.ts'
import { SearchForm } from '../../features/search/components/search-form.tsx'
import { SearchResults } from '../../features/search/components/search-results.tsx'
import '../../features/search/components/search.css'
import { errorText } from '../../lib/error-text.ts'
import { useUiLanguage } from '../../lib/ui-language.ts'

function kindOf(value: string | null): SearchKind | null {
  return (searchKinds as readonly string[]).includes(value ?? '') ? (value as SearchKind) : null
}

/** /search?q=…&kind=… (docs/product.md#search): what the person may see that holds the words, by kind. */
export function SearchRoute() {
  const { t } = useTranslation('search')
  const [params] = useSearchParams()
  const q = (params.get('q') ?? '').trim()
  const kind = kindOf(params.get('kind'))
  const language = useUiLanguage()
  const search = useSearch(q, kind, language)
  useDocumentTitle(q ? t('page.titleWith', { q }) : t('page.title'))
  const answer = search.data
  const found = answer?.groups.reduce((sum, group) => sum + group.total, 0) ?? 0
  const isCapped = answer?.groups.some((group) => group.isTotalCapped) ?? false

  let status = ''
  if (q && search.isFetching) status = t('status.searching')
  else if (answer && found === 0) status = t('status.none', { q })
  else if (answer) status = isCapped ? t('status.foundMore', { count: found, q }) : t('status.found', { count: found, q })

  return (
    <section className="page page-narrow" aria-labelledby="search-title">
      <h1 id="search-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <SearchForm key={q} initial={q} />
      <StatusMessage tone="info">{status}</StatusMessage>
      {search.isError && <ErrorBanner>{errorText(t, search.error, 'status.failed')}</ErrorBanner>}
      {answer && found === 0 && !search.isFetching && <p>{t('status.noneHint')}</p>}
      {kind && (
        <p>
          <Link to={`/search?q=${encodeURIComponent(q)}`}>{t('group.all')}</Link>
        </p>
      )}
      {answer && <SearchResults answer={answer} kind={kind} />}
    </section>
  )
}
