import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CreateMember, FamilyTree, Member, UpdateMember } from '../../../../shared/contracts/family-tree.ts'
import { apiFetch } from '../../../lib/api-client.ts'

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
 * A change to one member changes others too (spouses are symmetric, children come from the
 * parent links), so the whole tree is fetched again; the mutation settles once it has arrived,
 * so a closing form never shows relations from before the save.
 */
function refetchTree(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: familyTreeKeys.all })
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
