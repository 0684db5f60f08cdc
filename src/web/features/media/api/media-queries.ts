import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mediaAssetSchema, mediaListSchema, uploadLimitsSchema, type AddMediaLink, type MediaAsset, type UpdateMedia } from '../../../../shared/contracts/media.ts'
import { defaultUploadLimits, type UploadLimits } from '../../../../shared/upload-limits.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { mediaKeys } from './media-keys.ts'

async function listMedia(query: string, signal: AbortSignal) {
  return mediaListSchema.parse(await apiFetch<unknown>(`/api/media?${query}`, { signal })).media
}

/** A member's photos, audio, video and documents, newest first. */
export function memberMediaQuery(memberId: string) {
  return queryOptions({
    queryKey: mediaKeys.member(memberId),
    queryFn: ({ signal }) => listMedia(`memberId=${encodeURIComponent(memberId)}`, signal),
  })
}

/** The files attached to one biography memory, newest first. */
export function entryMediaQuery(entryId: string) {
  return queryOptions({
    queryKey: mediaKeys.entry(entryId),
    queryFn: ({ signal }) => listMedia(`entryId=${encodeURIComponent(entryId)}`, signal),
  })
}

/** The files of a member, or of a biography memory. */
export function useMediaOf(owner: { memberId: string } | { entryId: string }) {
  return useQuery('entryId' in owner ? entryMediaQuery(owner.entryId) : memberMediaQuery(owner.memberId))
}

/**
 * The sizes this server accepts (its operator sets them), asked once; until they come, and if
 * they cannot, the defaults, which the server would hold a file to anyway.
 */
export function useUploadLimits(): UploadLimits {
  const limits = useQuery({
    queryKey: ['upload-limits'],
    queryFn: async ({ signal }) => uploadLimitsSchema.parse(await apiFetch<unknown>('/api/media/limits', { signal })),
    staleTime: Infinity,
  })
  return limits.data ?? defaultUploadLimits
}

/** After an upload: every media list refetches (the new file may belong to several). */
export function useRefreshMedia() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: mediaKeys.all })
}

/** Links one of the person's files to one more of their things; the server makes the links an upload to it would. */
export async function linkMedia(mediaId: string, link: AddMediaLink): Promise<MediaAsset> {
  return mediaAssetSchema.parse(await apiFetch<unknown>(`/api/media/${encodeURIComponent(mediaId)}/links`, { method: 'POST', body: link }))
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

/** Changes a file's caption ('' removes it); every list that shows the file gets the saved one. */
export function useUpdateMediaCaption() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, ...changes }: { id: string } & UpdateMedia) =>
      mediaAssetSchema.parse(await apiFetch<unknown>(`/api/media/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes })),
    onSuccess: (updated) => {
      queryClient.setQueriesData<MediaAsset[]>({ queryKey: mediaKeys.all }, (media) => media?.map((item) => (item.id === updated.id ? updated : item)))
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all })
    },
  })
}
