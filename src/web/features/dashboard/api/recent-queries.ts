import { useQuery } from '@tanstack/react-query'
import type { RecentActivity } from '../../../../shared/contracts/dashboard.ts'
import { apiFetch } from '../../../lib/api-client.ts'

/** What the person saved last, asked again each time the dashboard opens: a memory saved a moment ago must show. */
export function useRecentActivity() {
  return useQuery({
    queryKey: ['dashboard', 'recent'] as const,
    queryFn: ({ signal }) => apiFetch<RecentActivity>('/api/dashboard/recent', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}
