import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { fakeApi, type RecordedRequest } from '../../../test/http.ts'

let sequence = 0

/** A dream as the server returns it; each call is newer than the previous one. */
export function buildDream(overrides: Partial<Dream> = {}): Dream {
  sequence += 1
  const entryDate = new Date(Date.UTC(2024, 2, 1, 9, sequence)).toISOString()
  return {
    id: `dream-${sequence}`,
    title: `Sueño ${sequence}`,
    content: `Contenido ${sequence}`,
    dreamDate: null,
    entryDate,
    updatedAt: entryDate,
    ...overrides,
  }
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function errorResponse(status: number, code: string, details?: { path: string; code: string }[]) {
  return jsonResponse({ error: { code, message: code, details } }, status)
}

/**
 * An in-memory `/api/dreams` behind a spied `fetch`, as the server behaves: newest first,
 * 201 on create, 204 on delete. `answerNext` replaces the next answer to one route (a failure,
 * or a promise the test resolves when it wants).
 */
export function fakeDreamApi(initial: Dream[] = []) {
  let dreams = [...initial]

  function route({ method, path, body }: RecordedRequest) {
    const id = /^\/api\/dreams\/([^/]+)$/.exec(path)?.[1]
    const changes = body as Partial<Dream>
    if (method === 'GET' && path === '/api/dreams') return jsonResponse({ dreams })
    if (method === 'POST' && path === '/api/dreams') {
      const created = buildDream({ title: '', dreamDate: null, ...changes })
      dreams = [created, ...dreams]
      return jsonResponse(created, 201)
    }
    const existing = dreams.find((dream) => dream.id === id)
    if (!existing) return errorResponse(404, 'not_found')
    if (method === 'PATCH') {
      const updated = { ...existing, ...changes, updatedAt: new Date().toISOString() }
      dreams = dreams.map((dream) => (dream.id === id ? updated : dream))
      return jsonResponse(updated)
    }
    if (method === 'DELETE') {
      dreams = dreams.filter((dream) => dream.id !== id)
      return new Response(null, { status: 204 })
    }
    return errorResponse(404, 'not_found')
  }

  const { requests, answerNext } = fakeApi(route)

  return {
    requests,
    /** The requests that wrote something (everything but GET). */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    answerNext,
  }
}
