import type { FactList, FactProposal, FactSource } from '../../../../shared/contracts/facts.ts'
import { isDateFactKind } from '../../../../shared/facts/index.ts'
import { parseGenealogyDate, serializeGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

let sequence = 0

/** Where a fact was heard, as the server describes it: an answer to Ana told by Lucía, her granddaughter. */
export function buildSource(overrides: Partial<FactSource> = {}): FactSource {
  return {
    kind: 'interview',
    id: 'session-1',
    toldAt: '2026-05-12T15:00:00.000Z',
    tellerUserId: 'u-lucia',
    tellerName: 'Lucía',
    tellerKin: 'nieta',
    question: '¿Dónde nació Aurora y dónde pasó su infancia?',
    recordingId: null,
    ...overrides,
  }
}

/** A proposal waiting, about Aurora (member `m-aurora`): by default her birthplace. */
export function buildProposal(overrides: Partial<FactProposal> = {}): FactProposal {
  sequence += 1
  return {
    id: `fact-${sequence}`,
    memberId: 'm-aurora',
    kind: 'birthPlace',
    value: 'Pasto, Nariño',
    quote: 'Nació en Pasto, Nariño, hacia 1931',
    source: buildSource(),
    status: 'open',
    current: null,
    existingMemberId: null,
    appliedMemberId: null,
    decidedAt: null,
    ...overrides,
  }
}

const errorBody = (status: number, code: string) => jsonResponse(status, { error: { code, message: code } })

/**
 * `/api/facts` behind a spied `fetch`, as the server answers: the member's lists; accepting moves
 * a proposal to `cited` (409 `facts.contradicts` over a different value unless `replace`), dismissing
 * drops it for good.
 */
export function fakeFactApi(initial: Partial<FactList> & { memberId?: string } = {}) {
  const memberId = initial.memberId ?? 'm-aurora'
  const list: FactList = { open: initial.open ?? [], cited: initial.cited ?? [], unknown: initial.unknown ?? [] }
  const api = fakeApi(({ method, path, body }, url) => {
    if (method === 'GET' && url.pathname === '/api/facts') {
      return url.searchParams.get('memberId') === memberId ? jsonResponse(200, list) : errorBody(404, 'not_found')
    }
    const [, id, action] = /^\/api\/facts\/([^/]+)\/(accept|dismiss)$/.exec(path) ?? []
    const proposal = list.open.find((open) => open.id === id)
    if (method !== 'POST' || !proposal) return errorBody(404, 'not_found')
    list.open = list.open.filter((open) => open !== proposal)
    if (action === 'dismiss') return new Response(null, { status: 204 })
    const { value, replace } = (body ?? {}) as { value?: FactProposal['value']; replace?: boolean }
    if (proposal.current !== null && !replace) {
      list.open = [...list.open, proposal]
      return errorBody(409, 'facts.contradicts')
    }
    // A corrected date is kept in its stored form, as the member form's dates are.
    const parsed = typeof value === 'string' && isDateFactKind(proposal.kind) ? parseGenealogyDate(value, 'es') : null
    const kept = parsed ? (serializeGenealogyDate(parsed) as unknown as string) : value
    const accepted: FactProposal = { ...proposal, value: kept ?? proposal.value, status: 'accepted', current: null, decidedAt: new Date().toISOString() }
    list.cited = [...list.cited, accepted]
    return jsonResponse(200, { proposal: accepted, changedMemberIds: [proposal.memberId] })
  })
  return {
    ...api,
    list,
    /** What accepting sent, in order. */
    accepts: () => api.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/accept')),
    dismissals: () => api.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/dismiss')),
    reads: () => api.requests.filter((request) => request.method === 'GET'),
  }
}
