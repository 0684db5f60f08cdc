import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { chatOpeningSchema, conversationSchema } from '../../../../shared/contracts/chat.ts'
import { interviewSessionListSchema, interviewSessionSchema, type InterviewSession } from '../../../../shared/contracts/interviews.ts'
import type { Language } from '../../../../shared/limits.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { interviewKeys } from './interview-keys.ts'

const memberQuery = (memberId: string) => `memberId=${encodeURIComponent(memberId)}`

/** The interviews about one member, oldest first (the server orders them by time). */
export function interviewSessionsQuery(memberId: string) {
  return queryOptions({
    queryKey: interviewKeys.sessionsOf(memberId),
    queryFn: async ({ signal }) => interviewSessionListSchema.parse(await apiFetch<unknown>(`/api/interviews?${memberQuery(memberId)}`, { signal })).sessions,
  })
}

export function useInterviewSessions(memberId: string) {
  return useQuery(interviewSessionsQuery(memberId))
}

/**
 * How Ana opens the interview about a member in `language`. Nothing is saved by asking, and the
 * greeting of a visit should not change under the reader's eyes, so it is fetched once.
 */
export function interviewOpeningQuery(memberId: string, language: Language) {
  return queryOptions({
    queryKey: interviewKeys.opening(memberId, language),
    queryFn: async ({ signal }) => chatOpeningSchema.parse(await apiFetch<unknown>(`/api/interviews/chat?${memberQuery(memberId)}&language=${language}`, { signal })),
    staleTime: Infinity,
  })
}

export function useInterviewOpening(memberId: string, language: Language) {
  return useQuery(interviewOpeningQuery(memberId, language))
}

/**
 * Puts a session the server just saved at the end of its member's cached list at once (oldest
 * first), then marks the list stale so it re-syncs with what happened elsewhere (another tab).
 */
export function storeSession(queryClient: QueryClient, session: InterviewSession) {
  const key = interviewKeys.sessionsOf(session.interviewedMemberId)
  queryClient.setQueryData<InterviewSession[]>(key, (sessions) => {
    if (!sessions) return sessions
    if (sessions.some((known) => known.id === session.id)) return sessions.map((known) => (known.id === session.id ? session : known))
    return [...sessions, session]
  })
  void queryClient.invalidateQueries({ queryKey: key })
}

/** Deletes a session (and, on the server, its recordings), then drops it from the cached lists. */
export function useDeleteInterviewSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/interviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueriesData<InterviewSession[]>({ queryKey: interviewKeys.sessions() }, (sessions) => sessions?.filter((session) => session.id !== id))
      void queryClient.invalidateQueries({ queryKey: interviewKeys.sessions() })
    },
  })
}

/** Corrects an answer's words (the server keeps the first ones). */
export function useCorrectInterviewAnswer() {
  const queryClient = useQueryClient()
  const language = useUiLanguage()
  return useMutation({
    mutationFn: async ({ id, answer }: { id: string; answer: string }) =>
      interviewSessionSchema.parse(await apiFetch<unknown>(`/api/interviews/${encodeURIComponent(id)}`, { method: 'PATCH', body: { answer, language } })),
    onSuccess: (session) => storeSession(queryClient, session),
  })
}

/** Names a conversation with Ana ('' gives it back its date and topic); its answers carry the new title. */
export function useRenameInterviewConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) =>
      conversationSchema.parse(await apiFetch<unknown>(`/api/interviews/conversations/${encodeURIComponent(id)}`, { method: 'PATCH', body: { title } })),
    onSuccess: (conversation) => {
      queryClient.setQueriesData<InterviewSession[]>({ queryKey: interviewKeys.sessions() }, (sessions) =>
        sessions?.map((session) => (session.conversation?.id === conversation.id ? { ...session, conversation } : session)),
      )
      void queryClient.invalidateQueries({ queryKey: interviewKeys.sessions() })
    },
  })
}
