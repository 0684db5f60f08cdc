import type { AccountReach } from '../../../../shared/contracts/family-circle.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

/** An account that touches nobody else: no shared tree, nothing added to another's. */
export const reachOfNobody: AccountReach = { heldTrees: [], contributions: [], handedOverTrees: [] }

/** `/api/me/reach` and `DELETE /api/me` behind a spied `fetch`: the reach as given, and a deletion that succeeds. */
export function fakeAccountApi(reach: AccountReach = reachOfNobody) {
  return fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/me/reach') return jsonResponse(200, reach)
    if (method === 'DELETE' && path === '/api/me') return new Response(null, { status: 204 })
    throw new Error(`Unexpected request ${method} ${path}`)
  })
}
