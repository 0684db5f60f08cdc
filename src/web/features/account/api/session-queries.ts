import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Me, SessionState, SignIn, SignUp } from '../../../../shared/contracts/account.ts'
import type { Language } from '../../../../shared/limits.ts'
import { ApiError, apiFetch } from '../../../lib/api-client.ts'
import { forgetStoredUploads } from '../../../lib/stored-uploads.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

export const sessionKeys = { me: ['session', 'me'] as const }

/** The signed-in user, or null when signed out. Pending while the session loads. */
export function useSession() {
  return useQuery({
    queryKey: sessionKeys.me,
    // /api/session answers a visitor with `{ user: null }`, not a 401 the browser would log.
    queryFn: async ({ signal }) => (await apiFetch<SessionState>('/api/session', { signal })).user,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
}

/**
 * The session as the page's own reads found it, without asking for it: the site's header shows
 * who is signed in once the page knows. Asking from the header would start the read before a
 * signed-in page's guard hydrates, so the guard would hydrate with an answer its HTML never had.
 */
export function useKnownSession() {
  return useQuery({ queryKey: sessionKeys.me, queryFn: () => apiFetch<SessionState>('/api/session').then((state) => state.user), enabled: false })
}

/** Signs in, then shows the language the account chose, unless the address names one (`?lng=`). */
export function useSignIn() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useMutation({
    mutationFn: (body: SignIn) => apiFetch<{ user: Me }>('/api/auth/sign-in/email', { method: 'POST', body }),
    onSuccess: async ({ user }) => {
      const isNamedInUrl = new URLSearchParams(window.location.search).has('lng')
      if (user.preferredLanguage && !isNamedInUrl && user.preferredLanguage !== uiLanguageOf(i18n)) {
        await i18n.changeLanguage(user.preferredLanguage)
      }
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me })
    },
  })
}

/** Remembers the language on the account, so it follows the user to other devices. */
export function useSaveLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferredLanguage: Language) => apiFetch<Me>('/api/me', { method: 'PATCH', body: { preferredLanguage } }),
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me, me),
  })
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SignUp) => apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  })
}

/** Signs out this device, or (`everywhere`) every device where the person is signed in. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ everywhere = false }: { everywhere?: boolean } = {}) =>
      apiFetch<unknown>(everywhere ? '/api/auth/revoke-sessions' : '/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => forgetSignedInData(queryClient),
  })
}

/** Nothing of the previous user may stay in the cache for the next one. */
export function forgetSignedInData(queryClient: QueryClient) {
  forgetStoredUploads()
  queryClient.clear()
  queryClient.setQueryData(sessionKeys.me, null)
}
