import type { FamilyTree, Member } from '../../../../../shared/contracts/family-tree.ts'
import type { MediaAsset } from '../../../../../shared/contracts/media.ts'
import { fakeApi, jsonResponse, type Answer, type RecordedRequest } from '../../../../test/http.ts'
import { answerTreeRead } from '../../../family-tree/test/fake-family-api.ts'

/** A random source under which every shuffle keeps the order it was given. */
export const keepOrder = () => 1 - Number.EPSILON

/**
 * The tree of `members` (the view around the first of them, and the whole tree) and each member's
 * `/api/media?memberId=…` behind a spied `fetch`; `answerNext` replaces the next answer to one
 * path (a failure, or a promise held open).
 */
export function fakeGameApi(members: Member[], mediaOf: Record<string, MediaAsset[]> = {}) {
  const at = '2024-03-01T09:00:00.000Z'
  const tree: FamilyTree = { tree: { ownerId: 'u1', treeName: 'Árbol', createdAt: at, lastModified: at }, members, unions: [] }
  function route({ path }: RecordedRequest, url: URL) {
    if (path === '/api/family-tree') return jsonResponse(200, tree)
    const read = answerTreeRead(tree, url)
    if (read) return read
    const memberId = /^\/api\/media\?memberId=(.+)$/.exec(path)?.[1]
    if (memberId) return jsonResponse(200, { media: mediaOf[decodeURIComponent(memberId)] ?? [] })
    return jsonResponse(404, { error: { code: 'not_found', message: 'nope' } })
  }
  const api = fakeApi(route)
  return {
    /** Whether the whole tree was asked for. */
    readWhole: () => api.requests.some(({ path }) => path === '/api/family-tree'),
    /** The members whose files were asked for. */
    mediaRequests: () => api.requests.flatMap(({ path }) => /memberId=(.+)$/.exec(path)?.[1] ?? []),
    answerNext: (path: string, answer: Answer) => api.answerNext('*', path, answer),
  }
}

export function errorResponse(status: number, code: string) {
  return jsonResponse(status, { error: { code, message: code } })
}
