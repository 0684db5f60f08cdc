import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, apiFetchBytes, startEarlyReads } from './api-client.ts'

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => vi.restoreAllMocks())

describe('reads started early', () => {
  it('hand their answer to the first read of the path, parsed or as bytes, and later reads ask again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ people: [['a', 'Ana', 'Ruiz', null, null, 0]] }))
    startEarlyReads(['/api/family-tree/index', '/api/session'])
    expect(fetch).toHaveBeenCalledTimes(2)
    const bytes = await apiFetchBytes('/api/family-tree/index')
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ people: [['a', 'Ana', 'Ruiz', null, null, 0]] })
    expect(await apiFetch('/api/session')).toEqual({ people: [['a', 'Ana', 'Ruiz', null, null, 0]] })
    expect(fetch).toHaveBeenCalledTimes(2)
    await apiFetchBytes('/api/family-tree/index')
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('fail for the read that takes them as a read of its own would', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ error: { code: 'not_found', message: 'No tree', details: [] } }, 404))
    startEarlyReads(['/api/family-tree/index'])
    await expect(apiFetchBytes('/api/family-tree/index')).rejects.toMatchObject({ status: 404, code: 'not_found' })
    await expect(apiFetch('/api/family-tree/index')).rejects.toBeInstanceOf(ApiError)
  })
})
