import { keepPreviousData, queryOptions, useQueries, useQuery, type Query, type QueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import type { MembersByIds, TreeChanges, TreeIndex, TreeView } from '../../../../shared/contracts/family-tree-view.ts'
import { treeViewLimits } from '../../../../shared/family-tree/tree-view-limits.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { withChanges as indexWithChanges } from '../lib/tree-index.ts'
import { readTreeIndex } from './read-tree-index.ts'
import { carryEntryMap } from '../lib/tree-people.ts'

/**
 * The tree page's reads (src/shared/contracts/family-tree-view.ts): the part of the tree the chart
 * draws, an index of everyone's names, and whole members for the cards a list shows. Under the
 * tree's key (`familyTreeKeys.all`), so choosing another tree forgets them with the rest; never the whole tree itself.
 */
export const treePageKeys = {
  all: ['family-tree', 'page'] as const,
  views: ['family-tree', 'page', 'view'] as const,
  view: (centreId: string | undefined, generations: number) => ['family-tree', 'page', 'view', centreId ?? '', generations] as const,
  index: ['family-tree', 'page', 'index'] as const,
  pages: ['family-tree', 'page', 'members'] as const,
  everyone: ['family-tree', 'page', 'everyone'] as const,
  /** Members a save answered with (someone added), for the list to show without reading them. */
  saved: ['family-tree', 'page', 'saved'] as const,
  members: (ids: readonly string[]) => ['family-tree', 'page', 'members', ids.join(',')] as const,
}

/** The path of a view; without a centre, the server chooses (the reader's own card…). */
export function treeViewPath(centreId: string | undefined, generations: number = treeViewLimits.defaultGenerations): string {
  const query = new URLSearchParams()
  if (centreId !== undefined) query.set('centre', centreId)
  query.set('generations', String(generations))
  return `/api/family-tree/view?${query.toString()}`
}

export function treeViewQuery(centreId: string | undefined, generations: number) {
  return queryOptions({
    queryKey: treePageKeys.view(centreId, generations),
    queryFn: ({ signal }) => apiFetch<TreeView>(treeViewPath(centreId, generations), { signal }),
  })
}

/** The view around `centreId`; while another centre's loads, the one shown stays on screen. */
export function useTreeView(centreId: string | undefined, generations: number) {
  return useQuery({ ...treeViewQuery(centreId, generations), placeholderData: keepPreviousData })
}

export function treeIndexQuery() {
  return queryOptions({
    queryKey: treePageKeys.index,
    queryFn: ({ signal }) => readTreeIndex(signal),
    // A save's index already keeps every entry it did not change; comparing 100,000 entries with
    // the ones before (React Query's default) took 27 ms of each save.
    structuralSharing: false,
  })
}

/** Everyone's name and years, once `enabled` (the page asks it after its first view, so the view comes first). */
export function useTreeIndex(enabled = true) {
  return useQuery({ ...treeIndexQuery(), enabled })
}

export function membersByIdsQuery(ids: readonly string[]) {
  return queryOptions({
    queryKey: treePageKeys.members(ids),
    queryFn: ({ signal }) => apiFetch<MembersByIds>(`/api/family-tree/members?ids=${ids.map(encodeURIComponent).join(',')}`, { signal }),
  })
}

const noUnions: Union[] = []

/** Whole members for each list of ids (at most `maxIds` each), each list its own cached read. */
export function useMembersByIds(pages: readonly (readonly string[])[]) {
  return useQueries({
    queries: pages.map((page) => membersByIdsQuery(page)),
    combine: (results) => {
      const members = new Map<string, Member>()
      const unions = results.length === 1 ? (results[0]!.data?.unions ?? noUnions) : results.flatMap((result) => result.data?.unions ?? [])
      // Each member's page's unions: the same list while the page is, so a card already drawn stays as it is.
      const pageUnions = new Map<string, readonly Union[]>()
      for (const result of results) {
        for (const member of result.data?.members ?? []) {
          members.set(member.memberId, member)
          pageUnions.set(member.memberId, result.data!.unions)
        }
      }
      return {
        members,
        unions,
        unionsOf: (memberId: string) => pageUnions.get(memberId),
        isPending: results.some((result) => result.isPending),
        error: results.find((result) => result.isError)?.error,
        refetch: () => Promise.all(results.filter((result) => result.isError).map((result) => result.refetch())),
      }
    },
  })
}

const noMembers: MembersByIds = { members: [], unions: [] }

/**
 * Whole members for a list that grows and searches (`ids`: what it shows now): each id is read
 * once, in pages of `pageSize` asked as new ids appear, and never again because the list around
 * it moved (a person added or deleted above, a search typed). A member a save answered with is
 * taken from the answer. Gives the members known and the unions read with each.
 */
export function useListMembers(ids: readonly string[], pageSize: number) {
  const [pages, setPages] = useState<readonly (readonly string[])[]>([])
  const saved = useQuery({ queryKey: treePageKeys.saved, queryFn: () => noMembers, enabled: false, staleTime: Infinity }).data
  const read = useMembersByIds(pages)
  const asked = useMemo(() => new Set(pages.flat()), [pages])
  const savedById = useMemo(() => new Map((saved?.members ?? []).map((member) => [member.memberId, member])), [saved])
  const missing = ids.filter((id) => !asked.has(id) && !savedById.has(id))
  if (missing.length > 0) {
    const added: string[][] = []
    for (let at = 0; at < missing.length; at += pageSize) added.push(missing.slice(at, at + pageSize))
    setPages([...pages, ...added])
  }
  return useMemo(
    () => ({
      get: (id: string) => savedById.get(id) ?? read.members.get(id),
      /** The unions read with a member's page (those a save answered with for a member it added). */
      unionsOf: (id: string) => (savedById.has(id) ? saved?.unions : read.unionsOf(id)),
      error: read.error,
      refetch: read.refetch,
    }),
    [savedById, saved, read],
  )
}

/**
 * Everyone whole, for a tree small enough for one read (`ids`: the index's, at most `maxIds`).
 * Kept up to date by saves like the rest, a member added included, so it is read once.
 */
export function useEveryoneWhole(ids: readonly string[]) {
  return useQuery({
    queryKey: treePageKeys.everyone,
    queryFn: ({ signal }) => apiFetch<MembersByIds>(`/api/family-tree/members?ids=${ids.map(encodeURIComponent).join(',')}`, { signal }),
    enabled: ids.length > 0,
  })
}

// ── Updating from what a save changed ──

function replaceById<T>(list: readonly T[], idOf: (item: T) => string, changed: ReadonlyMap<string, T>, removed: ReadonlySet<string>): T[] {
  const next: T[] = []
  for (const item of list) {
    const id = idOf(item)
    if (removed.has(id)) continue
    next.push(changed.get(id) ?? item)
  }
  return next
}

/**
 * A view with a save's changes: its members and unions as they are now, the removed gone, and a
 * changed member who now links to someone in the view (a child just added) drawn with them.
 */
export function viewWithChanges(view: TreeView, changes: TreeChanges, createdId?: string): TreeView {
  const members = new Map(changes.members.map((member) => [member.memberId, member]))
  const unions = new Map(changes.unions.map((union) => [union.unionId, union]))
  const removedMembers = new Set(changes.removedMemberIds)
  const nextMembers = replaceById(view.members, (member) => member.memberId, members, removedMembers)
  const shown = new Set(nextMembers.map((member) => member.memberId))
  for (const member of changes.members) {
    if (shown.has(member.memberId)) continue
    const links = [...member.parentMemberIds, ...member.childrenMemberIds, ...member.spouseMemberIds]
    if (links.some((id) => shown.has(id))) {
      nextMembers.push(member)
      shown.add(member.memberId)
    }
  }
  const nextUnions = replaceById(view.unions, (union) => union.unionId, unions, new Set(changes.removedUnionIds))
  const known = new Set(nextUnions.map((union) => union.unionId))
  for (const union of changes.unions) {
    if (known.has(union.unionId)) continue
    if ([union.firstPartnerId, union.secondPartnerId].some((id) => id !== null && shown.has(id))) nextUnions.push(union)
  }
  const removedCentre = view.centreId !== null && removedMembers.has(view.centreId)
  return {
    ...view,
    tree: changes.tree,
    centreId: removedCentre ? (nextMembers[0]?.memberId ?? null) : view.centreId,
    total: Math.max(0, view.total - changes.removedMemberIds.length + (createdId === undefined ? 0 : 1)),
    members: nextMembers,
    unions: nextUnions,
  }
}

function pageWithChanges(page: MembersByIds, changes: TreeChanges, isEveryone = false): MembersByIds {
  const members = new Map(changes.members.map((member) => [member.memberId, member]))
  const unions = new Map(changes.unions.map((union) => [union.unionId, union]))
  const nextMembers = replaceById(page.members, (member) => member.memberId, members, new Set(changes.removedMemberIds))
  const ids = new Set(nextMembers.map((member) => member.memberId))
  // Everyone's read takes in whoever a save added; a page of the list holds the ids it asked for.
  if (isEveryone) {
    for (const member of changes.members) {
      if (ids.has(member.memberId)) continue
      nextMembers.push(member)
      ids.add(member.memberId)
    }
  }
  const nextUnions = replaceById(page.unions, (union) => union.unionId, unions, new Set(changes.removedUnionIds))
  const known = new Set(nextUnions.map((union) => union.unionId))
  for (const union of changes.unions) {
    if (!known.has(union.unionId) && [union.firstPartnerId, union.secondPartnerId].some((id) => id !== null && ids.has(id))) nextUnions.push(union)
  }
  return { members: nextMembers, unions: nextUnions }
}

/**
 * What a save answered, put in place: every cached view, the index and the list's pages change
 * as the save changed them, and nothing of the tree page is read again. Reads of other pages (the
 * whole tree, one member's facts) are only marked stale: they read again when next shown.
 */
export function applyTreeChanges(queryClient: QueryClient, changes: TreeChanges, createdId?: string): void {
  // A view whose centre is gone, or drawn around the reader's own card when someone else became it
  // («this person is me»), is read again: only the server knows whom it is drawn around now.
  const newSelf = changes.members.find((member) => member.isSelf)?.memberId
  const isRedrawn = (query: Query) => {
    const view = query.state.data as TreeView | undefined
    if (!view?.centreId) return query.queryKey[3] === ''
    return changes.removedMemberIds.includes(view.centreId) || (query.queryKey[3] === '' && newSelf !== undefined && newSelf !== view.centreId)
  }
  void queryClient.invalidateQueries({ queryKey: treePageKeys.views, predicate: isRedrawn })
  for (const query of queryClient.getQueryCache().findAll({ queryKey: treePageKeys.views })) {
    if (!isRedrawn(query)) queryClient.setQueryData<TreeView>(query.queryKey, (view) => view && viewWithChanges(view, changes, createdId))
  }
  const wasEmpty = queryClient.getQueryData<TreeIndex>(treePageKeys.index)?.people.length === 0
  queryClient.setQueryData<TreeIndex>(treePageKeys.index, (index) => {
    if (!index) return index
    const changed = indexWithChanges(index, changes)
    carryEntryMap(index.people, changed.people, changes)
    return changed
  })
  queryClient.setQueriesData<MembersByIds>({ queryKey: treePageKeys.pages }, (page) => page && pageWithChanges(page, changes))
  // The tree's first people start everyone's read (an empty tree has none): it starts from the
  // save's answer, whose first read would otherwise hold the add button back for a moment.
  queryClient.setQueryData<MembersByIds>(treePageKeys.everyone, (everyone) =>
    everyone ? pageWithChanges(everyone, changes, true) : wasEmpty ? pageWithChanges(noMembers, changes, true) : undefined,
  )
  if (createdId !== undefined || queryClient.getQueryData(treePageKeys.saved)) {
    const created = changes.members.filter((member) => member.memberId === createdId)
    queryClient.setQueryData<MembersByIds>(treePageKeys.saved, (saved) =>
      pageWithChanges({ members: [...(saved ?? noMembers).members, ...created], unions: (saved ?? noMembers).unions }, changes, false),
    )
  }
  void queryClient.invalidateQueries({
    queryKey: ['family-tree'],
    predicate: (query) => query.queryKey[1] !== 'page',
  })
}
