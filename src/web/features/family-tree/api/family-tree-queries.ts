import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CreateMember, CreateOwnCard, FamilyTree, Member, MemberFacts, UpdateMember } from '../../../../shared/contracts/family-tree.ts'
import { ApiError, apiFetch } from '../../../lib/api-client.ts'

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
 * A change to one member changes others too (spouses are symmetric, children come from the
 * parent links), so the whole tree is fetched again; the mutation settles once it has arrived,
 * so a closing form never shows relations from before the save.
 */
function refetchTree(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: familyTreeKeys.all })
}

/** The tree as the server has it now (fetched again whatever is cached), for a form that met someone else's change. */
export function useFetchFreshTree(): () => Promise<FamilyTree> {
  const queryClient = useQueryClient()
  return () => queryClient.fetchQuery({ ...familyTreeQuery(), staleTime: 0 })
}

/** Fetches the tree again, for what changes it from outside the form (an import that has ended). */
export function useRefetchFamilyTree(): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => refetchTree(queryClient)
}

export function useCreateMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateMember) => (await apiFetch<{ member: Member }>(membersPath, { method: 'POST', body })).member,
    onSuccess: () => refetchTree(queryClient),
  })
}

/** The person's own card, made from their full name (docs/product.md#biography). */
export function useCreateOwnCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateOwnCard) => (await apiFetch<{ member: Member }>('/api/family-tree/own-card', { method: 'POST', body })).member,
    onSuccess: () => refetchTree(queryClient),
  })
}

/** "This person is me": the chosen member becomes the owner's own card (docs/product.md#family-tree). */
export function useChooseSelf() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (memberId: string) => (await apiFetch<{ member: Member }>(`${memberPath(memberId)}/is-me`, { method: 'POST', body: {} })).member,
    onSuccess: () => refetchTree(queryClient),
  })
}

export function useUpdateMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ memberId, changes }: { memberId: string; changes: UpdateMember }) =>
      (await apiFetch<{ member: Member }>(memberPath(memberId), { method: 'PATCH', body: changes })).member,
    onSuccess: () => refetchTree(queryClient),
  })
}

export function useDeleteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (memberId: string) => apiFetch<void>(memberPath(memberId), { method: 'DELETE' }),
    onSuccess: () => refetchTree(queryClient),
  })
}
