import { queryOptions } from '@tanstack/react-query'
import { sharedMemoryListSchema } from '../../../../shared/contracts/family-circle.ts'
import { apiFetch } from '../../../lib/api-client.ts'

/** What the person a card is shared with the tree, and what was shared about them, newest first. */
export function sharedMemoriesQuery(memberId: string) {
  return queryOptions({
    queryKey: ['family-tree', 'members', memberId, 'shared-memories'],
    queryFn: async ({ signal }) =>
      sharedMemoryListSchema.parse(await apiFetch<unknown>(`/api/family-tree/members/${encodeURIComponent(memberId)}/shared-memories`, { signal })).memories,
  })
}
