import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChangePassword, DeleteAccount, Me, UpdateMe } from '../../../../shared/contracts/account.ts'
import type { AccountReach } from '../../../../shared/contracts/family-circle.ts'
import type { ImportReport } from '../../../../shared/contracts/portability.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { postFormWithProgress } from '../../../lib/post-form-with-progress.ts'
import { sessionKeys } from './session-queries.ts'

/** Changes the name (or any profile field) and keeps the cached user in step. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: UpdateMe) => apiFetch<Me>('/api/me', { method: 'PATCH', body: patch }),
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me, me),
  })
}

/** A new password: the server ends every other session and hands this device a fresh cookie. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChangePassword) => apiFetch<{ user: Me }>('/api/auth/change-password', { method: 'POST', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionKeys.me, user),
  })
}

/** What deleting the account would take from the family, read afresh each time the page opens. */
export function useAccountReach() {
  return useQuery({
    queryKey: ['account', 'reach'] as const,
    queryFn: ({ signal }) => apiFetch<AccountReach>('/api/me/reach', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}

/**
 * Erases the account. The cache is left alone here: the page first leaves for the landing page,
 * then forgets the signed-in data (`forgetSignedInData`), or the sign-in guard would send the
 * person to the login page before the farewell.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccount) => apiFetch<undefined>('/api/me', { method: 'DELETE', body }),
  })
}

/**
 * Restores an export into this account, reporting the upload's progress (0 to 1); once the
 * server has answered, everything the pages show is read again.
 */
export function useImportArchive(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return postFormWithProgress<ImportReport>('/api/me/import', form, onProgress)
    },
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
