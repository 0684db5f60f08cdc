import { useQuery } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiFetch } from '../lib/api-client.ts'
import { jsonResponse } from '../test/http.ts'
import { AppFrame, createQueryClient } from './app.tsx'

function Member() {
  const member = useQuery({ queryKey: ['member'], queryFn: () => apiFetch<{ name: string }>('/api/member'), retryDelay: 1 })
  if (member.isError) return <p>No está</p>
  return <p>{member.data?.name ?? 'Cargando'}</p>
}

afterEach(() => vi.restoreAllMocks())

describe('the app’s reads', () => {
  it('shows at once what the server refused, asking only once', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(404, { error: { code: 'not_found', message: 'Member not found' } }))
    render(
      <AppFrame queryClient={createQueryClient()}>
        <Member />
      </AppFrame>,
    )
    expect(await screen.findByText('No está')).toBeVisible()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('asks again after a server error, and shows what the second answer brings', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => jsonResponse(503, { error: { code: 'internal', message: 'Busy' } }))
      .mockImplementation(async () => jsonResponse(200, { name: 'Rosa' }))
    render(
      <AppFrame queryClient={createQueryClient()}>
        <Member />
      </AppFrame>,
    )
    expect(await screen.findByText('Rosa')).toBeVisible()
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
