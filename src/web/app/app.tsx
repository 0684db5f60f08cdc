import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, Suspense, useState, type ReactNode } from 'react'
import { RouterProvider } from 'react-router'
import { ApiError } from '../lib/api-client.ts'
import { createAppRouter } from './router.tsx'

/** Shown before any catalogue has arrived, so it cannot be translated (docs/product.md#languages). */
function LoadingTranslations() {
  return (
    <p className="page-status" role="status">
      Loading translations...
    </p>
  )
}

/**
 * Whether a failed read is worth asking again: a lost connection or a server's hiccup may pass,
 * but asking again for what the server refused (a deleted member, a signed-out session) only keeps
 * the person waiting seconds for the message that tells them. 429 passes with time, like a 5xx.
 */
export function isWorthRetrying(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000, retry: isWorthRetrying } },
  })
}

/**
 * Everything around the router, shared by the browser and the build's pre-render so that both
 * produce the same tree (hydration compares them).
 */
export function AppFrame({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<LoadingTranslations />}>{children}</Suspense>
      </QueryClientProvider>
    </StrictMode>
  )
}

/** `router`: made by the caller beforehand (the browser's start-up, in a task of its own), else here. */
export function App({ router: madeRouter }: { router?: ReturnType<typeof createAppRouter> } = {}) {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => madeRouter ?? createAppRouter())
  return (
    <AppFrame queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  )
}
