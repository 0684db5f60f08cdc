import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { SearchAnswer, SearchKind } from '../../../../shared/contracts/search.ts'
import type { Language } from '../../../../shared/limits.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, kind: SearchKind | null, language: Language) => [...searchKeys.all, q, kind, language] as const,
}

/** Results of each group on the whole page, and of one group opened on its own. */
const perGroup = 5
const perKind = 50

/**
 * What the person may see that holds every word of `q`, grouped by kind. Always asked again when
 * opened: a memory saved a moment ago must be found.
 */
export function searchQuery(q: string, kind: SearchKind | null, language: Language) {
  const params = new URLSearchParams({ q, language, limit: String(kind ? perKind : perGroup) })
  if (kind) params.set('kind', kind)
  return queryOptions({
    queryKey: searchKeys.query(q, kind, language),
    queryFn: ({ signal }) => apiFetch<SearchAnswer>(`/api/search?${params.toString()}`, { signal }),
    staleTime: 0,
  })
}

export function useSearch(q: string, kind: SearchKind | null, language: Language) {
  return useQuery({ ...searchQuery(q, kind, language), enabled: q.trim() !== '', placeholderData: keepPreviousData })
}
