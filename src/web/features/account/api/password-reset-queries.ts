import { useMutation, useQuery } from '@tanstack/react-query'
import type { PasswordResetDelivery, RequestPasswordReset, ResetPassword } from '../../../../shared/contracts/account.ts'
import { apiFetch } from '../../../lib/api-client.ts'

/** How this server recovers a forgotten password: a mailed link, or one from whoever runs it. It never changes while the page is open. */
export function usePasswordResetDelivery() {
  return useQuery({
    queryKey: ['password-reset', 'delivery'],
    queryFn: async ({ signal }) => (await apiFetch<PasswordResetDelivery>('/api/auth/password-reset', { signal })).delivery,
    staleTime: Infinity,
  })
}

/** Asks for a link by e-mail; the answer is the same whether or not the e-mail has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: RequestPasswordReset) => apiFetch<undefined>('/api/auth/request-password-reset', { method: 'POST', body }) })
}

/** Sets a new password with a link's one-time token; every session of the person ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPassword) => apiFetch<undefined>('/api/auth/reset-password', { method: 'POST', body }) })
}
