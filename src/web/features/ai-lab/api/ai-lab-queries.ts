import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import {
  aiLabMemoryListSchema,
  aiLabMemorySchema,
  aiLabStatusSchema,
  dreamReadingListSchema,
  type AiLabMemory,
  type CreateAiLabMemory,
  type DreamReading,
} from '../../../../shared/contracts/ai-lab.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import type { TellProblem } from '../../../lib/chat/use-tell.ts'
import { isAiUnavailable } from '../lib/lab-problem.ts'

export const aiLabKeys = {
  all: ['ai-lab'] as const,
  status: () => [...aiLabKeys.all, 'status'] as const,
  memories: () => [...aiLabKeys.all, 'memories'] as const,
  readings: (dreamId: string) => [...aiLabKeys.all, 'readings', dreamId] as const,
}

export const aiLabUrls = {
  variations: '/api/ai-lab/variations',
  dreamReadings: '/api/ai-lab/dream-readings',
}

/** Which AI answers, and whether variations and readings can be made (not in the guided mode). */
export function useAiLabStatus() {
  return useQuery({
    queryKey: aiLabKeys.status(),
    queryFn: async ({ signal }) => aiLabStatusSchema.parse(await apiFetch<unknown>('/api/ai-lab/status', { signal })),
    staleTime: 5 * 60 * 1000,
  })
}

/**
 * When the server answers that no model is configured although the status said otherwise (it was
 * restarted without one), the status is asked again, so the explanation stays after the answer goes.
 */
export function useRecheckWhenAiUnavailable(problem: TellProblem | null) {
  const queryClient = useQueryClient()
  const isUnavailable = isAiUnavailable(problem)
  useEffect(() => {
    if (isUnavailable) void queryClient.invalidateQueries({ queryKey: aiLabKeys.status() })
  }, [isUnavailable, queryClient])
}

/** The memories kept in the lab, newest first. */
export function useLabMemories() {
  return useQuery(
    queryOptions({
      queryKey: aiLabKeys.memories(),
      queryFn: async ({ signal }) => aiLabMemoryListSchema.parse(await apiFetch<unknown>('/api/ai-lab/memories', { signal })).memories,
    }),
  )
}

/** Keeps a memory; the list shows it first at once, then re-syncs. */
export function useSaveLabMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateAiLabMemory) => aiLabMemorySchema.parse(await apiFetch<unknown>('/api/ai-lab/memories', { method: 'POST', body })),
    onSuccess: (memory) => {
      queryClient.setQueryData<AiLabMemory[]>(aiLabKeys.memories(), (memories) => (memories ? [memory, ...memories] : memories))
      void queryClient.invalidateQueries({ queryKey: aiLabKeys.memories() })
    },
  })
}

export function useDeleteLabMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/ai-lab/memories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<AiLabMemory[]>(aiLabKeys.memories(), (memories) => memories?.filter((memory) => memory.id !== id))
      void queryClient.invalidateQueries({ queryKey: aiLabKeys.memories() })
    },
  })
}

/** The readings of one dream, newest first. */
export function useDreamReadings(dreamId: string | undefined) {
  return useQuery({
    queryKey: aiLabKeys.readings(dreamId ?? ''),
    queryFn: async ({ signal }) =>
      dreamReadingListSchema.parse(await apiFetch<unknown>(`/api/ai-lab/dream-readings?dreamId=${encodeURIComponent(dreamId ?? '')}`, { signal })).readings,
    enabled: Boolean(dreamId),
  })
}

/** Puts a reading just saved at the top of its dream's list, then re-syncs. */
export function useAddDreamReading() {
  const queryClient = useQueryClient()
  return (reading: DreamReading) => {
    queryClient.setQueryData<DreamReading[]>(aiLabKeys.readings(reading.dreamId), (readings) => (readings ? [reading, ...readings.filter((r) => r.id !== reading.id)] : readings))
    void queryClient.invalidateQueries({ queryKey: aiLabKeys.readings(reading.dreamId) })
  }
}

/** Shares a kept memory with a tree (`share`), or takes it back; the list shows where it is shared. */
export function useShareLabMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, treeId, share }: { id: string; treeId: string; share: boolean }) => {
      const path = `/api/ai-lab/memories/${encodeURIComponent(id)}/share`
      if (share) await apiFetch<unknown>(path, { method: 'PUT', body: { treeId } })
      else await apiFetch<void>(`${path}/${encodeURIComponent(treeId)}`, { method: 'DELETE' })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiLabKeys.memories() }),
  })
}
