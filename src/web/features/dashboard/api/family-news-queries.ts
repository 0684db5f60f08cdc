import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Circle, FamilyNews, TreeList } from '../../../../shared/contracts/family-circle.ts'
import { apiFetch } from '../../../lib/api-client.ts'

// Under ['dashboard']: choosing another tree forgets them with the rest of the tree's reads.
export const familyNewsKeys = {
  news: ['dashboard', 'family-news'] as const,
  shared: ['dashboard', 'family-shared'] as const,
}

/** What others added to the tree since the last «Ya lo he visto», read again each time the dashboard opens. */
export function useFamilyNews() {
  return useQuery({
    queryKey: familyNewsKeys.news,
    queryFn: ({ signal }) => apiFetch<FamilyNews>('/api/dashboard/family-news', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}

/**
 * The person shares a tree with someone: they belong to another's tree, or someone else belongs
 * to the one they are shown. Only then is the news card worth its place while it is empty.
 */
export function useSharesATree() {
  return useQuery({
    queryKey: familyNewsKeys.shared,
    queryFn: async ({ signal }) => {
      const { trees } = await apiFetch<TreeList>('/api/trees', { signal })
      if (trees.some((tree) => !tree.isOwn)) return true
      const active = trees.find((tree) => tree.isActive)
      if (!active) return false
      const circle = await apiFetch<Circle>(`/api/trees/${encodeURIComponent(active.treeId)}/circle`, { signal })
      return circle.people.length > 1
    },
  })
}

/** Marks the news up to `until` as seen: the card keeps what came after, and says when nothing did. */
export function useMarkNewsSeen() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (until: string) => apiFetch<undefined>('/api/dashboard/family-news/seen', { method: 'POST', body: { until } }),
    onSuccess: (_, until) => {
      queryClient.setQueryData<FamilyNews>(familyNewsKeys.news, (news) => news && { since: until, items: news.items.filter((item) => item.at > until) })
    },
  })
}
