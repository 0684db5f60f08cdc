import { useQuery } from '@tanstack/react-query'
import { treeListSchema } from '../../../../shared/contracts/family-circle.ts'
import { apiFetch } from '../../../lib/api-client.ts'

/** The trees the person belongs to (`GET /api/trees`), under the key every reader of that list shares. */
export function useTreeList() {
  return useQuery({ queryKey: ['trees'], queryFn: async ({ signal }) => treeListSchema.parse(await apiFetch<unknown>('/api/trees', { signal })) })
}
