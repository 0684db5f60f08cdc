import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListeningLink } from '../../../../shared/contracts/book.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export const listeningKeys = { all: ['listening-links'] as const }

/** The person's listening links, newest first, read afresh each time the page opens. */
export function useListeningLinks() {
  return useQuery({
    queryKey: listeningKeys.all,
    queryFn: ({ signal }) => apiFetch<ListeningLink[]>('/api/listening-links', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}

/** Revokes one link: its address answers nothing from now on. */
export function useRevokeListeningLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (link: ListeningLink) => apiFetch<undefined>(`/api/listening-links/${encodeURIComponent(link.id)}`, { method: 'DELETE' }),
    onSuccess: (_done, link) => queryClient.setQueryData<ListeningLink[]>(listeningKeys.all, (links) => links?.filter((item) => item.id !== link.id)),
  })
}

/** Revokes every link the person made. */
export function useRevokeAllListeningLinks() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<{ revoked: number }>('/api/listening-links', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData<ListeningLink[]>(listeningKeys.all, []),
  })
}
