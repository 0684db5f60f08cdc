import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mediaListSchema, type MediaAsset } from '../../../../shared/contracts/media.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export const mediaKeys = {
  all: ['media'] as const,
  member: (memberId: string) => [...mediaKeys.all, 'member', memberId] as const,
}

/** A member's photos, audio, video and documents, newest first. */
export function memberMediaQuery(memberId: string) {
  return queryOptions({
    queryKey: mediaKeys.member(memberId),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<unknown>(`/api/media?memberId=${encodeURIComponent(memberId)}`, { signal })
      return mediaListSchema.parse(body).media
    },
  })
}

export function useMemberMedia(memberId: string) {
  return useQuery(memberMediaQuery(memberId))
}

/** After an upload: every media list refetches (the new file may belong to several). */
export function useRefreshMedia() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: mediaKeys.all })
}

export function useDeleteMedia() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueriesData<MediaAsset[]>({ queryKey: mediaKeys.all }, (media) => media?.filter((item) => item.id !== id))
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all })
    },
  })
}
