import type { AccountReach } from '../../../../shared/contracts/family-circle.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

/** An account that touches nobody else: no shared tree, nothing added to another's. */
export const reachOfNobody: AccountReach = { heldTrees: [], contributions: [], handedOverTrees: [] }

/**
 * `/api/me/reach` and `DELETE /api/me` behind a spied `fetch`: the reach as given, and a deletion
 * the server refuses while a tree handed over to someone else is still kept in the account.
 */
export function fakeAccountApi(reach: AccountReach = reachOfNobody) {
  return fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/me/reach') return jsonResponse(200, reach)
    if (method === 'DELETE' && path === '/api/me') {
      if (reach.handedOverTrees.length > 0)
        return jsonResponse(409, { error: { code: 'account.holds_shared_tree', message: 'The tree is kept in this account and owned by someone else now' } })
      return new Response(null, { status: 204 })
    }
    throw new Error(`Unexpected request ${method} ${path}`)
  })
}
