import type { ListeningLink } from '../../../../shared/contracts/book.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

export const boleros: ListeningLink = {
  id: 'l-1',
  mediaId: 'm-1',
  title: 'Los boleros de la abuela',
  url: 'https://legado.example/l/7kq2m9x4hd3ft8wz5nbc',
  createdAt: '2026-11-02T10:00:00.000Z',
  expiresAt: null,
}
export const finca: ListeningLink = {
  id: 'l-2',
  mediaId: 'm-2',
  title: '',
  url: 'https://legado.example/l/a1b2c3d4e5f6g7h8j9k0',
  createdAt: '2025-01-05T10:00:00.000Z',
  expiresAt: '2026-01-05T10:00:00.000Z',
}

/** The listening links' routes behind a spied `fetch`, over a list the test gives; revoking takes links out of it. */
export function fakeListeningApi(initial: ListeningLink[]) {
  let links = [...initial]
  return fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/listening-links') return jsonResponse(200, links)
    if (method === 'DELETE' && path === '/api/listening-links') {
      const revoked = links.length
      links = []
      return jsonResponse(200, { revoked })
    }
    const one = /^\/api\/listening-links\/([^/]+)$/.exec(path)
    if (method === 'DELETE' && one) {
      links = links.filter((link) => link.id !== one[1])
      return new Response(null, { status: 204 })
    }
    throw new Error(`Unexpected request ${method} ${path}`)
  })
}
