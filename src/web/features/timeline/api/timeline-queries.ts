import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { FamilyTimeline, PersonTimeline } from '../../../../shared/contracts/timeline.ts'
import { apiFetch } from '../../../lib/api-client.ts'

/** Reads of the tree a person's pages show: forgotten when another tree is chosen. */
export const timelineKeys = { all: ['timeline'] as const }

/** One life in order, as the reader may see it. */
export function usePersonTimeline(memberId: string) {
  return useQuery({
    queryKey: [...timelineKeys.all, 'member', memberId] as const,
    queryFn: ({ signal }) => apiFetch<PersonTimeline>(`/api/timeline/members/${encodeURIComponent(memberId)}`, { signal }),
    enabled: memberId !== '',
    staleTime: 0,
  })
}

/** The family's births, marriages and deaths, a page at a time (a tree may hold 100,000 people). */
export function useFamilyTimeline(branch: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...timelineKeys.all, 'family', branch ?? ''] as const,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams()
      if (branch) query.set('branch', branch)
      if (pageParam > 0) query.set('after', String(pageParam))
      return apiFetch<FamilyTimeline>(`/api/timeline/family${query.size > 0 ? `?${query}` : ''}`, { signal })
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  })
}
