import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  biographyEntryListSchema,
  biographyEntrySchema,
  type BiographyEntry,
  type CreateBiographyEntry,
  type UpdateBiographyEntry,
} from '../../../../shared/contracts/biography.ts'
import { chatOpeningSchema, conversationSchema } from '../../../../shared/contracts/chat.ts'
import type { Language } from '../../../../shared/limits.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export const biographyKeys = {
  all: ['biography'] as const,
  entries: () => [...biographyKeys.all, 'entries'] as const,
  opening: (language: Language) => [...biographyKeys.all, 'opening', language] as const,
}

/** The signed-in user's memories, newest first (the server orders them by entry date). */
export function biographyEntriesQuery() {
  return queryOptions({
    queryKey: biographyKeys.entries(),
    queryFn: async ({ signal }) => biographyEntryListSchema.parse(await apiFetch<unknown>('/api/biography/entries', { signal })).entries,
  })
}

export function useBiographyEntries() {
  return useQuery(biographyEntriesQuery())
}

/**
 * How Cronos opens the chat in `language`. Nothing is saved by asking, and the greeting of a
 * visit should not change under the reader's eyes, so it is fetched once per language.
 */
export function chatOpeningQuery(language: Language) {
  return queryOptions({
    queryKey: biographyKeys.opening(language),
    queryFn: async ({ signal }) => chatOpeningSchema.parse(await apiFetch<unknown>(`/api/biography/chat?language=${language}`, { signal })),
    staleTime: Infinity,
  })
}

export function useChatOpening(language: Language) {
  return useQuery(chatOpeningQuery(language))
}

/**
 * Puts a memory the server just saved (or changed) into the cached list at once, newest first,
 * then marks the list stale so it re-syncs with what happened elsewhere (another tab).
 */
export function storeEntry(queryClient: QueryClient, entry: BiographyEntry) {
  queryClient.setQueryData<BiographyEntry[]>(biographyKeys.entries(), (entries) => {
    if (!entries) return entries
    if (entries.some((known) => known.id === entry.id)) return entries.map((known) => (known.id === entry.id ? entry : known))
    return [entry, ...entries]
  })
  void queryClient.invalidateQueries({ queryKey: biographyKeys.entries() })
}

/** Fetches the memories again, e.g. once files were attached or the chat lost its connection. */
export function useRefreshEntries() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: biographyKeys.entries() })
}

export function useCreateEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateBiographyEntry) => biographyEntrySchema.parse(await apiFetch<unknown>('/api/biography/entries', { method: 'POST', body })),
    onSuccess: (created) => storeEntry(queryClient, created),
  })
}

export function useUpdateEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateBiographyEntry }) =>
      biographyEntrySchema.parse(await apiFetch<unknown>(`/api/biography/entries/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes })),
    onSuccess: (updated) => storeEntry(queryClient, updated),
  })
}

/** Names a conversation with Cronos ('' gives it back its date and topic); the memories carry the new title. */
export function useRenameConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) =>
      conversationSchema.parse(await apiFetch<unknown>(`/api/biography/conversations/${encodeURIComponent(id)}`, { method: 'PATCH', body: { title } })),
    onSuccess: (conversation) => {
      queryClient.setQueryData<BiographyEntry[]>(biographyKeys.entries(), (entries) =>
        entries?.map((entry) => (entry.conversation?.id === conversation.id ? { ...entry, conversation } : entry)),
      )
      void queryClient.invalidateQueries({ queryKey: biographyKeys.entries() })
    },
  })
}

/** Deletes a memory (and, on the server, its attached files), then drops it from the cached list. */
export function useDeleteEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/biography/entries/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<BiographyEntry[]>(biographyKeys.entries(), (entries) => entries?.filter((entry) => entry.id !== id))
      void queryClient.invalidateQueries({ queryKey: biographyKeys.entries() })
    },
  })
}

/** Shares a memory with a tree (`share`), or takes it back; the list shows where it is shared. */
export function useShareEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, treeId, share }: { id: string; treeId: string; share: boolean }) => {
      const path = `/api/biography/entries/${encodeURIComponent(id)}/share`
      if (share) return biographyEntrySchema.parse(await apiFetch<unknown>(path, { method: 'PUT', body: { treeId } }))
      await apiFetch<void>(`${path}/${encodeURIComponent(treeId)}`, { method: 'DELETE' })
      return undefined
    },
    onSuccess: (entry) => (entry ? storeEntry(queryClient, entry) : void queryClient.invalidateQueries({ queryKey: biographyKeys.entries() })),
  })
}
