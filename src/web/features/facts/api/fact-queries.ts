import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AcceptedFact, AcceptFact, FactList, FactProposal } from '../../../../shared/contracts/facts.ts'
import type { Language } from '../../../../shared/limits.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'

export const factKeys = {
  all: ['facts'] as const,
  of: (memberId: string) => [...factKeys.all, memberId] as const,
  list: (memberId: string, language: Language) => [...factKeys.of(memberId), language] as const,
}

/**
 * What was heard about one member: the proposals waiting, the facts they cite, and what is still
 * unknown. In the reader's language, which says how a teller stands to the person («su nieta»).
 */
export function factListQuery(memberId: string, language: Language) {
  return queryOptions({
    queryKey: factKeys.list(memberId, language),
    // Typed, not parsed: the server checks its answers against the contract in its tests, and the
    // tree page, which cites facts on its cards, stays without the validation library's code.
    queryFn: ({ signal }) => apiFetch<FactList>(`/api/facts?memberId=${encodeURIComponent(memberId)}&language=${language}`, { signal }),
  })
}

/** `enabled` false asks nothing: a card with no conversation about its person has nothing cited. */
export function useFactList(memberId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const language = useUiLanguage()
  return useQuery({ ...factListQuery(memberId, language), enabled: enabled && memberId !== '' })
}

/**
 * Reads a member's facts again, e.g. after a chat's reply: the server answers once the proposals
 * of that answer are made, so the panel never shows a list from before it.
 */
export function useRefreshFacts() {
  const queryClient = useQueryClient()
  return (memberId?: string) => queryClient.invalidateQueries({ queryKey: memberId ? factKeys.of(memberId) : factKeys.all })
}

/** Takes a decided proposal out of its member's open list at once, so it leaves the panel before the list comes back. */
function dropOpen(list: FactList | undefined, id: string): FactList | undefined {
  return list && { ...list, open: list.open.filter((proposal) => proposal.id !== id) }
}

interface FactMutationOptions {
  /** After the tree changed (a field filled, a relative added or linked): the page reads the member and the tree again. */
  onTreeChanged?: (memberIds: string[]) => unknown
}

/**
 * Accepts a proposal, as told or as edited (`value`, a date written in the reader's language);
 * `replace` confirms overwriting what the tree holds. Every member's facts are read again:
 * accepting a relative adds a card whose facts start citing too.
 */
export function useAcceptFact({ onTreeChanged }: FactMutationOptions = {}) {
  const queryClient = useQueryClient()
  const language = useUiLanguage()
  return useMutation({
    mutationFn: ({ proposal, ...body }: { proposal: FactProposal } & Omit<AcceptFact, 'language'>) =>
      apiFetch<AcceptedFact>(`/api/facts/${encodeURIComponent(proposal.id)}/accept`, { method: 'POST', body: { ...body, language } }),
    onSuccess: async (accepted, { proposal }) => {
      queryClient.setQueriesData<FactList>({ queryKey: factKeys.of(proposal.memberId) }, (list) => dropOpen(list, proposal.id))
      await Promise.all([queryClient.invalidateQueries({ queryKey: factKeys.all }), onTreeChanged?.(accepted.changedMemberIds)])
    },
  })
}

/** Dismisses a proposal: it is never proposed again. */
export function useDismissFact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (proposal: FactProposal) => apiFetch<void>(`/api/facts/${encodeURIComponent(proposal.id)}/dismiss`, { method: 'POST', body: {} }),
    onSuccess: async (_nothing, proposal) => {
      queryClient.setQueriesData<FactList>({ queryKey: factKeys.of(proposal.memberId) }, (list) => dropOpen(list, proposal.id))
      await queryClient.invalidateQueries({ queryKey: factKeys.of(proposal.memberId) })
    },
  })
}
