import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../../test/http.ts'
import { buildSession, fakeInterviewApi } from '../test/fake-interview-api.ts'
import { interviewKeys } from './interview-keys.ts'
import { interviewOpeningQuery, interviewSessionsQuery, storeSession, useDeleteInterviewSession } from './interview-queries.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

describe('interviewSessionsQuery', () => {
  it('asks for the member’s sessions and gives them oldest first', async () => {
    const older = buildSession({ interviewedMemberId: 'tía/ana' })
    const newer = buildSession({ interviewedMemberId: 'tía/ana' })
    const api = fakeInterviewApi({ sessions: [newer, older] })
    const sessions = await newClient().fetchQuery(interviewSessionsQuery('tía/ana'))
    expect(sessions.map((session) => session.id)).toEqual([older.id, newer.id])
    expect(api.requests).toEqual([{ method: 'GET', path: '/api/interviews?memberId=t%C3%ADa%2Fana' }])
  })

  it('refuses an answer that is not a list of sessions', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { sessions: [{ id: 1 }] }))
    await expect(newClient().fetchQuery(interviewSessionsQuery('member-1'))).rejects.toThrow()
  })
})

describe('interviewOpeningQuery', () => {
  it('asks for Ana’s opening in the language, once per visit', async () => {
    const api = fakeInterviewApi({ opening: 'Hola, soy Ana. ¿Cómo era su casa?' })
    const client = newClient()
    expect(await client.fetchQuery(interviewOpeningQuery('member-1', 'fr'))).toEqual({ mode: 'guided', text: 'Hola, soy Ana. ¿Cómo era su casa?' })
    await client.fetchQuery(interviewOpeningQuery('member-1', 'fr'))
    expect(api.requests).toEqual([{ method: 'GET', path: '/api/interviews/chat?memberId=member-1&language=fr' }])
  })
})

describe('storeSession', () => {
  it('adds a just-saved session at the end of its member’s list, once', () => {
    const client = newClient()
    const first = buildSession()
    client.setQueryData(interviewKeys.sessionsOf('member-1'), [first])
    const saved = buildSession()
    storeSession(client, saved)
    storeSession(client, { ...saved, mediaAssetIds: ['media-9'] })
    expect(client.getQueryData(interviewKeys.sessionsOf('member-1'))).toEqual([first, { ...saved, mediaAssetIds: ['media-9'] }])
    expect(client.getQueryState(interviewKeys.sessionsOf('member-1'))?.isInvalidated).toBe(true)
  })

  it('leaves a list that was never loaded for the next fetch', () => {
    const client = newClient()
    storeSession(client, buildSession())
    expect(client.getQueryData(interviewKeys.sessionsOf('member-1'))).toBeUndefined()
  })
})

describe('useDeleteInterviewSession', () => {
  it('deletes the session and drops it from the cached list', async () => {
    const kept = buildSession()
    const deleted = buildSession()
    const api = fakeInterviewApi({ sessions: [kept, deleted] })
    const client = newClient()
    client.setQueryData(interviewKeys.sessionsOf('member-1'), [kept, deleted])
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useDeleteInterviewSession(), { wrapper })

    await act(() => result.current.mutateAsync(deleted.id))
    expect(api.requests[0]).toEqual({ method: 'DELETE', path: `/api/interviews/${deleted.id}` })
    await waitFor(() => expect(client.getQueryData(interviewKeys.sessionsOf('member-1'))).toEqual([kept]))
  })
})
