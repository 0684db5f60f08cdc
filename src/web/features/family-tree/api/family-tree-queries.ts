import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { CreateMember, CreateOwnCard, FamilyTree, Member, MemberFacts, UpdateMember } from '../../../../shared/contracts/family-tree.ts'
import type { MemberDeleted, MemberSaved, MembersByIds, SelfCard, TreeChanges } from '../../../../shared/contracts/family-tree-view.ts'
import { ApiError, apiFetch } from '../../../lib/api-client.ts'
import { treeViewLimits } from '../../../../shared/family-tree/tree-view-limits.ts'
import { applyTreeChanges, membersByIdsQuery, treePageKeys, useTreeView } from './tree-page-queries.ts'

export const familyTreeKeys = {
  all: ['family-tree'] as const,
}

/** The signed-in user's tree and its members, ordered by last name, then first name. */
export function familyTreeQuery() {
  return queryOptions({
    queryKey: familyTreeKeys.all,
    queryFn: ({ signal }) => apiFetch<FamilyTree>('/api/family-tree', { signal }),
  })
}

export function useFamilyTree() {
  return useQuery(familyTreeQuery())
}

/** What a page that plays with the family reads: the people, their unions, and how the read went. */
export interface NearestPeople {
  data: FamilyTree | undefined
  isError: boolean
  error: Error | null
  isFetching: boolean
  refetch(): Promise<unknown>
}

/**
 * The people nearest the reader, for a page that plays with the family (the memory game): the
 * view around the reader's own card (the tree page's default centre), as many generations as a
 * view holds. A tree the view does not reach whole, but small enough to read whole, is read
 * whole: people added without a link to anyone are no less family. A tree of 100,000 people is
 * never downloaded for a game: its players meet the relatives around them.
 */
export function useNearestPeople(): NearestPeople {
  const view = useTreeView(undefined, treeViewLimits.maxGenerations)
  const shown = view.data
  const readWhole = shown !== undefined && shown.members.length < shown.total && shown.total <= treeViewLimits.maxPeople
  const whole = useQuery({ ...familyTreeQuery(), enabled: readWhole })
  const data = useMemo<FamilyTree | undefined>(
    () => (readWhole ? whole.data : shown && { tree: shown.tree, members: shown.members, unions: shown.unions }),
    [readWhole, whole.data, shown],
  )
  return {
    data,
    isError: view.isError || (readWhole && whole.isError),
    error: view.error ?? (readWhole ? whole.error : null),
    isFetching: view.isFetching || (readWhole && whole.isFetching),
    refetch: () => (view.isError || !readWhole ? view.refetch() : whole.refetch()),
  }
}

/**
 * The keeper's own card alone, with the tree's row: what a page about the keeper needs (their
 * biography), without reading a tree that may hold 100,000 people. Under the tree's key, so every
 * save reads it again.
 */
export function useSelfCard() {
  return useQuery({
    queryKey: [...familyTreeKeys.all, 'self-card'] as const,
    queryFn: ({ signal }) => apiFetch<SelfCard>('/api/family-tree/self-card', { signal }),
  })
}

const membersPath = '/api/family-tree/members'
const memberPath = (memberId: string) => `${membersPath}/${encodeURIComponent(memberId)}`

/**
 * One member and the people one link away, without the rest of the tree (a page about one
 * relative). Under the tree's key, so whatever fetches the tree again fetches it too.
 */
export function memberFactsQuery(memberId: string) {
  return queryOptions({
    queryKey: [...familyTreeKeys.all, 'member', memberId] as const,
    queryFn: async ({ signal }) => (await apiFetch<{ member: MemberFacts }>(memberPath(memberId), { signal })).member,
  })
}

/**
 * `memberFactsQuery`, asked only for a member id. A 4xx (not theirs, no tree yet) is an answer
 * shown at once; anything else is tried again as the client's other queries are.
 */
export function useMemberFacts(memberId: string) {
  const retry = useQueryClient().getDefaultOptions().queries?.retry ?? 3
  return useQuery({
    ...memberFactsQuery(memberId),
    enabled: memberId !== '',
    retry: (failures, error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
      return typeof retry === 'function' ? retry(failures, error) : typeof retry === 'number' ? failures < retry : retry
    },
  })
}

/**
 * A save's answer put in place (`changes`: every member and union it touched, what it removed):
 * the tree page's views, index and list pages change without being read again; whatever reads the
 * whole tree or one member's facts reads again when next shown. An answer without `changes` (a
 * server from before them) reads everything of the tree again, as saves always did.
 */
function settle(queryClient: QueryClient, changes: TreeChanges | undefined, createdId?: string): Promise<void> {
  if (!changes) return queryClient.invalidateQueries({ queryKey: familyTreeKeys.all })
  applyTreeChanges(queryClient, changes, createdId)
  return Promise.resolve()
}

/** One member and their unions as the server has them now (whatever is cached), for a form that met someone else's change. */
export function useFetchFreshMember(): (memberId: string) => Promise<MembersByIds> {
  const queryClient = useQueryClient()
  return (memberId) => queryClient.fetchQuery({ ...membersByIdsQuery([memberId]), staleTime: 0 })
}

/** Reads the tree again, for what changes it from outside the form (an import that has ended). */
export function useRefetchFamilyTree(): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: familyTreeKeys.all })
}

/**
 * Reads again what the tree page shows whole (its chart and its cards), not its index of names:
 * for what changes a member without changing who is in the tree (a portrait uploaded or deleted).
 */
export function useRefetchShownMembers(): () => Promise<void> {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: treePageKeys.views }),
      queryClient.invalidateQueries({ queryKey: treePageKeys.pages }),
      queryClient.invalidateQueries({ queryKey: treePageKeys.everyone }),
      queryClient.invalidateQueries({ queryKey: familyTreeKeys.all, predicate: (query) => query.queryKey[1] !== 'page' }),
    ])
  }
}

async function saved(answer: Promise<MemberSaved | { member: Member; changes?: undefined }>, queryClient: QueryClient, isCreate = false): Promise<Member> {
  const { member, changes } = await answer
  await settle(queryClient, changes, isCreate ? member.memberId : undefined)
  return member
}

export function useCreateMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateMember) => saved(apiFetch<MemberSaved>(membersPath, { method: 'POST', body }), queryClient, true),
  })
}

/** The person's own card, made from their full name (docs/product.md#biography). */
export function useCreateOwnCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOwnCard) => saved(apiFetch<MemberSaved>('/api/family-tree/own-card', { method: 'POST', body }), queryClient, true),
  })
}

/** "This person is me": the chosen member becomes the owner's own card (docs/product.md#family-tree). */
export function useChooseSelf() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (memberId: string) => saved(apiFetch<MemberSaved>(`${memberPath(memberId)}/is-me`, { method: 'POST', body: {} }), queryClient),
  })
}

export function useUpdateMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ memberId, changes }: { memberId: string; changes: UpdateMember }) =>
      saved(apiFetch<MemberSaved>(memberPath(memberId), { method: 'PATCH', body: changes }), queryClient),
  })
}

export function useDeleteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (memberId: string) => {
      // 200 with what changed; a server from before that answered 204 with nothing.
      const answer = await apiFetch<MemberDeleted | undefined>(memberPath(memberId), { method: 'DELETE' })
      await settle(queryClient, answer?.changes)
    },
  })
}
