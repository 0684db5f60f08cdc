import type { CirclePerson, FamilyNews, FamilyNewsItem, TreeSummary } from '../../../../shared/contracts/family-circle.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

let sequence = 0

/** One piece of news as the server sends it; each call is older than the one before, as the list is newest first. */
export function buildNewsItem(overrides: Partial<FamilyNewsItem> = {}): FamilyNewsItem {
  sequence += 1
  return {
    kind: 'interview',
    id: `news-${sequence}`,
    memberId: 'm-joaquin',
    memberName: 'Joaquín Pérez',
    authorName: 'Tomás Pérez',
    at: new Date(Date.UTC(2026, 10, 20, 12, 0) - sequence * 60_000).toISOString(),
    title: 'Hacía sombreros de paja toquilla.',
    mediaId: null,
    contentType: null,
    ...overrides,
  }
}

const rosasTree: TreeSummary = { treeId: 't-rosa', treeName: 'Árbol de Rosa', role: 'owner', ownerName: 'Rosa Pérez', isActive: true, isOwn: true }

function person(name: string, isYou: boolean): CirclePerson {
  return {
    userId: `u-${name}`,
    name,
    role: isYou ? 'owner' : 'contributor',
    joinedAt: '2026-01-01T00:00:00.000Z',
    linkedMemberId: null,
    linkedMemberName: null,
    isYou,
    isHolder: isYou,
  }
}

/**
 * The dashboard's news and the trees it asks about, behind a spied `fetch`, as the server keeps
 * them: `/seen` moves the last visit on, and the news read after it counts from there.
 */
export function fakeDashboardApi({ items = [] as FamilyNewsItem[], since = null as string | null, trees = [rosasTree], relatives = [] as string[] } = {}) {
  let news: FamilyNews = { since, items }
  return fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/dashboard/family-news') return jsonResponse(200, news)
    if (method === 'POST' && path === '/api/dashboard/family-news/seen') {
      const { until } = body as { until: string }
      news = { since: until, items: news.items.filter((item) => item.at > until) }
      return new Response(null, { status: 204 })
    }
    if (method === 'GET' && path === '/api/trees') return jsonResponse(200, { trees, hasOwnTree: trees.some((tree) => tree.isOwn) })
    const circle = /^\/api\/trees\/([^/]+)\/circle$/.exec(path)
    if (method === 'GET' && circle) {
      const tree = trees.find((candidate) => candidate.treeId === decodeURIComponent(circle[1]!))
      if (!tree) return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } })
      const people = [person('Rosa Pérez', true), ...relatives.map((name) => person(name, false))]
      return jsonResponse(200, { treeId: tree.treeId, treeName: tree.treeName, yourRole: tree.role, people, invitations: [], canMail: false })
    }
    throw new Error(`Unexpected request ${method} ${path}`)
  })
}
