import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AcceptedInvitation,
  ChooseTree,
  Circle,
  CreatedInvitation,
  CreateInvitation,
  InvitationPreview,
  TreeList,
  TreeRole,
} from '../../../../shared/contracts/family-circle.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { familyTreeKeys } from './family-tree-queries.ts'

export const circleKeys = {
  trees: ['trees'] as const,
  circle: (treeId: string) => ['trees', treeId, 'circle'] as const,
  invitation: (token: string) => ['invitation', token] as const,
}

const treePath = (treeId: string) => `/api/trees/${encodeURIComponent(treeId)}`
const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`

/** The trees the person belongs to, for the switcher; the active one is the tree their pages show. */
export function useTrees({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: circleKeys.trees, queryFn: ({ signal }) => apiFetch<TreeList>('/api/trees', { signal }), enabled })
}

/**
 * The role the person has in the tree their pages show. Someone with no tree at all acts on their
 * own tree-to-be, as its owner (the server does the same); undefined while the list loads.
 */
export function useActiveTreeRole(): TreeRole | undefined {
  const trees = useTrees().data
  if (!trees) return undefined
  return trees.trees.find((tree) => tree.isActive)?.role ?? 'owner'
}

/**
 * Shows another tree (or one's own). What every tree page read belongs to the tree shown before,
 * so `onChosen` (the app's, which knows every feature's queries) reads them again.
 */
export function useChooseTree(onChosen: () => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (choice: ChooseTree) => apiFetch<TreeList>('/api/trees/active', { method: 'PUT', body: choice }),
    onSuccess: async (trees) => {
      queryClient.setQueryData(circleKeys.trees, trees)
      await onChosen()
    },
  })
}

export function circleQuery(treeId: string) {
  return queryOptions({ queryKey: circleKeys.circle(treeId), queryFn: ({ signal }) => apiFetch<Circle>(`${treePath(treeId)}/circle`, { signal }) })
}

/** The people of a tree, their roles, and the invitations waiting (for those who invite). */
export function useCircle(treeId: string | undefined) {
  return useQuery({ ...circleQuery(treeId ?? ''), enabled: treeId !== undefined })
}

/** What changes the circle may change the cards too (a link, «Invitación enviada»), and the switcher's roles. */
function useRefetchCircle() {
  const queryClient = useQueryClient()
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: circleKeys.trees }), queryClient.invalidateQueries({ queryKey: familyTreeKeys.all })]).then(() => undefined)
}

export function useCreateInvitation(treeId: string) {
  const refetch = useRefetchCircle()
  return useMutation({
    mutationFn: (body: CreateInvitation) => apiFetch<CreatedInvitation>(`${treePath(treeId)}/invitations`, { method: 'POST', body }),
    onSuccess: () => refetch(),
  })
}

export function useRevokeInvitation(treeId: string) {
  const refetch = useRefetchCircle()
  return useMutation({
    mutationFn: (invitationId: string) => apiFetch<void>(`${treePath(treeId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    onSuccess: () => refetch(),
  })
}

export function useChangeRole(treeId: string) {
  const refetch = useRefetchCircle()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TreeRole }) =>
      apiFetch<void>(`${treePath(treeId)}/people/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
    onSuccess: () => refetch(),
  })
}

/**
 * Removes someone, or leaves (one's own id). Leaving changes the tree one's pages show, so
 * `onLeft` reads them again.
 */
export function useRemovePerson(treeId: string, onLeft?: () => Promise<void>) {
  const refetch = useRefetchCircle()
  return useMutation({
    mutationFn: ({ userId }: { userId: string; isYou: boolean }) => apiFetch<void>(`${treePath(treeId)}/people/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: async (_nothing, { isYou }) => {
      await refetch()
      if (isYou) await onLeft?.()
    },
  })
}

/** Unlinks a card from its person's account (the person, or whoever invites). */
export function useUnlinkMember() {
  const refetch = useRefetchCircle()
  return useMutation({
    mutationFn: (memberId: string) => apiFetch<void>(`/api/family-tree/members/${encodeURIComponent(memberId)}/link`, { method: 'DELETE' }),
    onSuccess: () => refetch(),
  })
}

/** What the invitation page shows, signed in or not. A closed invitation still answers, with its status. */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: circleKeys.invitation(token), queryFn: ({ signal }) => apiFetch<InvitationPreview>(invitationPath(token), { signal }), retry: false })
}

/** Joins the tree; it becomes the one the person's pages show, so `onJoined` reads them again. */
export function useAcceptInvitation(token: string, onJoined: () => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<AcceptedInvitation>(`${invitationPath(token)}/accept`, { method: 'POST', body: {} }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: circleKeys.trees })
      await onJoined()
    },
  })
}

export function useDeclineInvitation(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<void>(`${invitationPath(token)}/decline`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: circleKeys.invitation(token) }),
  })
}
