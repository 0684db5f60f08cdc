import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CreateDream, Dream, DreamList, UpdateDream } from '../../../../shared/contracts/dream-diary.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export const dreamKeys = {
  all: ['dreams'] as const,
  list: () => [...dreamKeys.all, 'list'] as const,
}

/** The signed-in user's dreams, newest first (the server orders them by entry date). */
export function dreamListQuery() {
  return queryOptions({
    queryKey: dreamKeys.list(),
    queryFn: async ({ signal }) => (await apiFetch<DreamList>('/api/dreams', { signal })).dreams,
  })
}

export function useDreams() {
  return useQuery(dreamListQuery())
}

/**
 * Writes the server's answer into the cached list at once, so the screen never waits for a
 * refetch, then marks the list stale so it re-syncs with changes made elsewhere (another tab).
 */
function updateCachedList(queryClient: QueryClient, update: (dreams: Dream[]) => Dream[]) {
  queryClient.setQueryData<Dream[]>(dreamKeys.list(), (dreams) => (dreams ? update(dreams) : dreams))
  void queryClient.invalidateQueries({ queryKey: dreamKeys.all })
}

export function useCreateDream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateDream) => apiFetch<Dream>('/api/dreams', { method: 'POST', body }),
    onSuccess: (created) => updateCachedList(queryClient, (dreams) => [created, ...dreams]),
  })
}

export function useUpdateDream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateDream }) => apiFetch<Dream>(`/api/dreams/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (updated) => updateCachedList(queryClient, (dreams) => dreams.map((dream) => (dream.id === updated.id ? updated : dream))),
  })
}

export function useDeleteDream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/dreams/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, id) => updateCachedList(queryClient, (dreams) => dreams.filter((dream) => dream.id !== id)),
  })
}
