import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeMediaApi } from '../test/fake-media-api.ts'
import { buildAsset } from '../test/media-fixtures.ts'
import { mediaKeys } from './media-keys.ts'
import { useUpdateMediaCaption } from './media-queries.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useUpdateMediaCaption', () => {
  it('puts the saved file in every cached list that holds it, before any refetch', async () => {
    const photo = buildAsset({ caption: 'La boda' })
    const other = buildAsset({ caption: 'La playa' })
    const fetchSpy = fakeMediaApi([photo, other])
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    queryClient.setQueryData(mediaKeys.member('member-1'), [photo, other])
    queryClient.setQueryData(mediaKeys.entry('entry-9'), [photo])
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useUpdateMediaCaption(), { wrapper })

    await act(() => result.current.mutateAsync({ id: photo.id, caption: 'La boda de Rosa' }))

    expect(fetchSpy).toHaveBeenCalledWith(`/api/media/${photo.id}`, expect.objectContaining({ method: 'PATCH' }))
    expect(queryClient.getQueryData(mediaKeys.member('member-1'))).toEqual([{ ...photo, caption: 'La boda de Rosa' }, other])
    expect(queryClient.getQueryData(mediaKeys.entry('entry-9'))).toEqual([{ ...photo, caption: 'La boda de Rosa' }])
    expect(queryClient.getQueryState(mediaKeys.member('member-1'))?.isInvalidated).toBe(true)
  })
})
